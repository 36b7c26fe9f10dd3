import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainPaymentOf } from '@chain/payment/chain-payment';
import type { PaymentInstructions as ChainPayment } from '@chain/payment/payment-types';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  confirm,
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiateOk,
  listingStatus,
  pay,
  statusOf,
  verify,
  type PurchaseTestApp,
  type TestChain,
} from './purchases-helpers';

/**
 * Issue 17 finding 6: a payment refused by a check that still moved SOL to the seller is recorded as a refund due,
 * like a late payment: in the purchase's reason (buyer and seller see it), in the audit, and the buyer may buy again.
 */
let chain: TestChain;
let t: PurchaseTestApp;
let seller: SignedInWallet;

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
  seller = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

async function refusedPayment(tweak: (p: ChainPayment) => ChainPayment) {
  const { listing } = await createListing(t, { seller, price: '0.5' });
  const buyer = await createUser(t);
  await fund(chain, buyer.walletAddress);
  const started = await initiateOk(t, buyer, listing);
  const changed = tweak(chainPaymentOf(started.payment));
  const txHash = await pay(chain, buyer, started.payment, () => changed);
  const res = await confirm(t, buyer, started.transactionId, txHash);
  return { listing, buyer, started, txHash, res };
}

const sellerView = async (id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transactions/user?walletAddress=${seller.walletAddress}`,
    headers: { cookie: seller.cookie },
  });
  type Row = { id: string; status: string; disputeReason: string | null; failureKind: string | null };
  return (res.json() as (Row & { failureCode: string | null })[]).find((r) => r.id === id);
};

describe('a refused payment that still paid the seller', () => {
  it.each([
    ['one lamport short', 'AMOUNT_TOO_LOW', (p: ChainPayment) => ({ ...p, lamports: p.lamports - 1n }), '0.499999999'],
    ["with another order's memo", 'MEMO_MISMATCH', (p: ChainPayment) => ({ ...p, memo: 'vv:someone-else' }), '0.5'],
  ])('%s → %s, a refund due shown to buyer and seller, audited', async (_name, code, tweak, sol) => {
    const { listing, buyer, started, txHash, res } = await refusedPayment(tweak);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(code);
    expect(res.json().message).toContain(`Refund due: ${sol} SOL still reached the seller in transaction ${txHash}`);

    const row = await statusOf(t, started.transactionId);
    expect(row?.status).toBe('failed');
    expect(row?.dispute_reason).toContain(`Refund due: ${sol} SOL`);
    expect(row?.dispute_reason).toContain(buyer.walletAddress);
    expect((await sellerView(started.transactionId))?.disputeReason).toContain(txHash);
    expect(await sellerView(started.transactionId)).toMatchObject({ failureKind: 'refund_due', failureCode: code });
    // Asked again, the closed purchase answers as the refusal did: its code and message come from the stored row.
    const asked = await verify(t, buyer, started.transactionId);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toEqual(res.json());
    const audited = await t.database.query<{ metadata: { lamports: string; code: string } }>(
      `select metadata from transaction_audit where action = 'purchase.refund_due' and transaction_id = $1`,
      [started.transactionId],
    );
    expect(audited.map((a) => a.metadata)).toMatchObject([{ code, txHash }]);

    // The buyer may start again, and the listing is for sale.
    expect((await listingStatus(t, listing.id))?.status).toBe('available');
    const again = await initiateOk(t, buyer, listing);
    expect(again.transactionId).not.toBe(started.transactionId);
  });

  it('a payment that sent nothing to the seller is refused without a refund note', async () => {
    const elsewhere = (await generateKeyPairSigner()).address;
    const { started, res } = await refusedPayment((p) => ({ ...p, recipient: elsewhere }));
    expect(res.json().error).toBe('RECIPIENT_MISMATCH');
    expect(res.json().message).not.toContain('Refund due');
    const refundRows = `action = 'purchase.refund_due' and transaction_id = '${started.transactionId}'`;
    expect(await countRows(t, 'transaction_audit', refundRows)).toBe(0);
    expect(await countRows(t, 'transaction_audit', `action = 'purchase.payment_rejected'`)).toBeGreaterThan(0);
    expect((await statusOf(t, started.transactionId))?.dispute_reason).not.toContain('Refund due');
    expect(await sellerView(started.transactionId)).toMatchObject({
      failureKind: 'payment_rejected',
      failureCode: 'RECIPIENT_MISMATCH',
    });
  });
});
