import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createListing, createUser, type CreatedListing } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { chainPaymentOf } from '@chain/payment/chain-payment';
import { encodeBase58 } from '@shared/keys/base58';
import type { PaymentInstructions as ChainPayment } from '@chain/payment/payment-types';
import {
  confirm,
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  statusOf,
  verify,
  type PurchaseTestApp,
  type TestChain,
} from './purchases-helpers';

let chain: TestChain;
let t: PurchaseTestApp;
let admin: SignedInWallet;

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

async function buyerWithListing(): Promise<{ buyer: SignedInWallet; created: CreatedListing }> {
  const created = await createListing(t, { seller: admin, price: '0.5' });
  const buyer = await createUser(t);
  await fund(chain, buyer.walletAddress);
  return { buyer, created };
}

/** Nothing was released: no reveal, no sale, the key still in the vault, the listing not sold. */
async function expectNothingReleased(transactionId: string, addressId: string) {
  expect(await countRows(t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${transactionId}'`)).toBe(
    0,
  );
  expect(await countRows(t, 'sales_analytics', `transaction_id = '${transactionId}'`)).toBe(0);
  expect(await countRows(t, 'encrypted_keys', `address_id = '${addressId}'`)).toBe(1);
  expect((await listingStatus(t, addressId))?.status).not.toBe('sold');
}

describe('payments that do not pay for the purchase are refused', () => {
  const randomAddress = async () => (await generateKeyPairSigner()).address;
  const cases: [string, string, (p: ChainPayment) => Promise<ChainPayment>][] = [
    ['one lamport short', 'AMOUNT_TOO_LOW', async (p) => ({ ...p, lamports: p.lamports - 1n })],
    ['to another wallet', 'RECIPIENT_MISMATCH', async (p) => ({ ...p, recipient: await randomAddress() })],
    ['without the reference', 'REFERENCE_MISSING', async (p) => ({ ...p, reference: await randomAddress() })],
  ];

  it.each(cases)('a payment %s → %s', async (_name, code, tweak) => {
    const { buyer, created } = await buyerWithListing();
    const started = await initiateOk(t, buyer, created.listing);
    // `pay` takes a synchronous tweak: work out the changed payment first.
    const changed = await tweak(chainPaymentOf(started.payment));
    const txHash = await pay(chain, buyer, started.payment, () => changed);
    const res = await confirm(t, buyer, started.transactionId, txHash);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(code);
    // The browser's nudge gives the same answer; the purchase failed and the listing is for sale again.
    expect((await verify(t, buyer, started.transactionId)).json().error).toBe(code);
    expect((await statusOf(t, started.transactionId))?.status).toBe('failed');
    expect((await listingStatus(t, created.listing.id))?.status).toBe('available');
    expect((await reveal(t, buyer, started.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
    await expectNothingReleased(started.transactionId, created.listing.id);
  });

  it("a payment carrying another order's memo → MEMO_MISMATCH", async () => {
    const { buyer, created } = await buyerWithListing();
    const other = await buyerWithListing();
    const otherOrder = await initiateOk(t, other.buyer, other.created.listing);
    const started = await initiateOk(t, buyer, created.listing);
    const txHash = await pay(chain, buyer, started.payment, (p) => ({ ...p, memo: otherOrder.payment.memo }));
    const res = await confirm(t, buyer, started.transactionId, txHash);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('MEMO_MISMATCH');
    await expectNothingReleased(started.transactionId, created.listing.id);
  });

  it('the same signature for a second purchase → SIGNATURE_ALREADY_USED', async () => {
    const { buyer, created } = await buyerWithListing();
    const first = await initiateOk(t, buyer, created.listing);
    const txHash = await pay(chain, buyer, first.payment);
    expect((await confirm(t, buyer, first.transactionId, txHash)).statusCode).toBe(200);

    const second = await initiateOk(t, buyer, (await createListing(t, { seller: admin, price: '0.5' })).listing);
    const reused = await confirm(t, buyer, second.transactionId, txHash);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('SIGNATURE_ALREADY_USED');
    expect(await statusOf(t, second.transactionId)).toMatchObject({ status: 'initiated', tx_hash: null });
    expect((await reveal(t, buyer, second.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
  });

  it("someone else's signature fails their purchase without blocking the real buyer", async () => {
    const victim = await buyerWithListing();
    const attacker = await buyerWithListing();
    const victimOrder = await initiateOk(t, victim.buyer, victim.created.listing);
    const attackerOrder = await initiateOk(t, attacker.buyer, attacker.created.listing);
    const victimTx = await pay(chain, victim.buyer, victimOrder.payment);

    const stolen = await confirm(t, attacker.buyer, attackerOrder.transactionId, victimTx);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error).toBe('PAYER_MISMATCH');
    const honest = await confirm(t, victim.buyer, victimOrder.transactionId, victimTx);
    expect(honest.statusCode).toBe(200);
    expect(honest.json().status).toMatch(/verified|completed/);
  });
});

describe('only the buyer, and only after verification', () => {
  it('refuses a reveal before verification, by another wallet, and a confirm for someone else', async () => {
    const { buyer, created } = await buyerWithListing();
    const started = await initiateOk(t, buyer, created.listing);

    const early = await reveal(t, buyer, started.transactionId);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe('PAYMENT_NOT_VERIFIED');

    const stranger = await createUser(t);
    // A well-formed signature (64 bytes), so the refusal is about whose purchase it is, not the body.
    const foreignConfirm = await confirm(t, stranger, started.transactionId, encodeBase58(new Uint8Array(64).fill(7)));
    expect(foreignConfirm.statusCode).toBe(403);
    expect(foreignConfirm.json().error).toBe('BUYER_MISMATCH');
    const foreignNudge = await verify(t, stranger, started.transactionId);
    expect(foreignNudge.json().error).toBe('BUYER_MISMATCH');

    const txHash = await pay(chain, buyer, started.payment);
    expect((await confirm(t, buyer, started.transactionId, txHash)).statusCode).toBe(200);

    // The header proves nothing: a stranger's session naming the buyer is refused by the guard…
    const spoofed = await reveal(t, stranger, started.transactionId, buyer.walletAddress);
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().error).toBe('WALLET_MISMATCH');
    // …and with its own header by the purchase's buyer check.
    const own = await reveal(t, stranger, started.transactionId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('BUYER_MISMATCH');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${started.transactionId}/reveal-private-key`,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const res of [spoofed, own, anonymous, early])
      expect(res.body).not.toContain(created.keypair.forms.base58Secret);

    expect(
      await countRows(t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${started.transactionId}'`),
    ).toBe(0);
    expect(await countRows(t, 'transaction_audit', `action = 'key.reveal_refused'`)).toBeGreaterThanOrEqual(2);
    expect((await reveal(t, buyer, started.transactionId)).statusCode).toBe(200);
  });
});

describe('a signature that is not 64 bytes', () => {
  it('is refused at confirm (400) and never reaches verification (found by the hostile-input fuzzer)', async () => {
    const { buyer, created } = await buyerWithListing();
    const started = await initiateOk(t, buyer, created.listing);
    // 88 base58 characters pass a length check but decode to 65 bytes; the chain library throws on them.
    for (const txHash of ['z'.repeat(88), '1'.repeat(63)]) {
      const res = await confirm(t, buyer, started.transactionId, txHash);
      expect(res.statusCode, txHash).toBe(400);
    }
    expect((await statusOf(t, started.transactionId))?.status).toBe('initiated');
    const nudged = await verify(t, buyer, started.transactionId);
    expect(nudged.statusCode).toBeLessThan(500);
    await expectNothingReleased(started.transactionId, created.listing.id);
  });
});
