import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecipientKeyPair, openSealedKey } from '@shared/trust/sealed-key';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { leakedEncodings } from '@tests/helpers/key-encodings';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  confirm,
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiateOk,
  pay,
  reveal,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';

let chain: TestChain;
let t: PurchaseTestApp;

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

async function boughtListing() {
  const admin = await createAdmin(t);
  const { listing, keypair } = await createListing(t, { seller: admin, price: '0.25' });
  const buyer = await createUser(t);
  await fund(chain, buyer.walletAddress);
  const started = await initiateOk(t, buyer, listing);
  const txHash = await pay(chain, buyer, started.payment);
  expect((await confirm(t, buyer, started.transactionId, txHash)).statusCode).toBe(200);
  return { listing, keypair, buyer, transactionId: started.transactionId };
}

const sealedReveal = (who: SignedInWallet, id: string, payload: unknown) =>
  t.app.inject({
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
      await countRows(t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${transactionId}'`),
    ).toBe(1);
  });

  it('still answers the plain key to API callers without a recipient key', async () => {
    const { keypair, buyer, transactionId } = await boughtListing();
    const res = await reveal(t, buyer, transactionId);
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
      await countRows(t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${transactionId}'`),
    ).toBe(0);
  });

  it('gives a stranger no sealed answer either', async () => {
    const { transactionId } = await boughtListing();
    const stranger = await createUser(t);
    const res = await sealedReveal(stranger, transactionId, { recipientPublicKey: newRecipientKeyPair().publicKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().sealed).toBeUndefined();
  });
});
