import { describe, expect, it } from 'vitest';
import { newRecipientKeyPair, openSealedKey } from '@shared/trust/sealed-key';
import { createAdmin, createUser } from '@tests/helpers/factories';
import { leakedEncodings } from '@tests/helpers/key-encodings';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { countRows, reveal } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { paidPurchase } from '@tests/helpers/purchase-flows';

const ctx = usePurchaseApp();

async function boughtListing() {
  const admin = await createAdmin(ctx.t);
  const { listing, keypair, buyer, started } = await paidPurchase(ctx, { seller: admin, price: '0.25' });
  return { listing, keypair, buyer, transactionId: started.transactionId };
}

const sealedReveal = (who: SignedInWallet, id: string, payload: unknown) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/transactions/${id}/reveal-private-key`,
    headers: { cookie: who.cookie, 'x-wallet-address': who.walletAddress, 'content-type': 'application/json' },
    payload: payload as object,
  });

describe('sealed key delivery', () => {
  it('answers ciphertext only, which the recipient key opens to the real key', async () => {
    const { listing, keypair, buyer, transactionId } = await boughtListing();
    const recipient = newRecipientKeyPair();
    const res = await sealedReveal(buyer, transactionId, { recipientPublicKey: recipient.publicKey });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(leakedEncodings(res.body, keypair.secretKey)).toEqual([]);
    const body = res.json();
    expect(body.privateKey).toBeUndefined();
    expect(body.sealed.algorithm).toBe('X25519-HKDF-SHA256-AES-256-GCM');

    const opened = await openSealedKey({
      sealed: body.sealed,
      recipientSecretKey: recipient.secretKey,
      transactionId,
      address: listing.address,
    });
    expect(new TextDecoder().decode(opened)).toBe(keypair.forms.base58Secret);
    // Sealed to this purchase: the same bytes do not open as another address's answer.
    await expect(
      openSealedKey({
        sealed: body.sealed,
        recipientSecretKey: recipient.secretKey,
        transactionId,
        address: buyer.walletAddress,
      }),
    ).rejects.toThrow();
    expect(
      await countRows(ctx.t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${transactionId}'`),
    ).toBe(1);
  });

  it('still answers the plain key to API callers without a recipient key', async () => {
    const { keypair, buyer, transactionId } = await boughtListing();
    const res = await reveal(ctx.t, buyer, transactionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, privateKey: keypair.forms.base58Secret });
  });

  it('refuses a malformed recipient key with 400 before anything is revealed', async () => {
    const { buyer, transactionId } = await boughtListing();
    const bad = [
      { recipientPublicKey: 'short' },
      { recipientPublicKey: Buffer.alloc(31, 7).toString('base64') },
      { recipientPublicKey: Buffer.alloc(32).toString('base64') }, // a low-order point: shared secret all zeros
      { recipientPublicKey: 42 },
      { recipientPublicKey: newRecipientKeyPair().publicKey, extra: true },
    ];
    for (const payload of bad) {
      const res = await sealedReveal(buyer, transactionId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    expect(
      await countRows(ctx.t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${transactionId}'`),
    ).toBe(0);
  });

  it('gives a stranger no sealed answer either', async () => {
    const { transactionId } = await boughtListing();
    const stranger = await createUser(ctx.t);
    const res = await sealedReveal(stranger, transactionId, { recipientPublicKey: newRecipientKeyPair().publicKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().sealed).toBeUndefined();
  });
});
