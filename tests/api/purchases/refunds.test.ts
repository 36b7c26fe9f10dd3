import { describe, expect, it } from 'vitest';
import { createListing } from '@tests/helpers/factories';
import { balanceOf, confirm, countRows, initiateOk, listingStatus, pay, SOL, verify } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer, startedPurchase } from '@tests/helpers/purchase-flows';
import { failureOf, ledgerOf, readPurchase, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

/**
 * A payment into a purchase's escrow that does not buy the key goes back by itself to the wallet that paid it, minus
 * the refund's network fee (docs/domain.md#settlement). Buyer and seller see why, the audit and the ledger record it,
 * the buyer may start again, and the escrow refunds whatever reaches it later just the same.
 */
const ctx = usePurchaseApp({ admin: true });

async function buyerWithPurchase() {
  const { listing, buyer, started } = await startedPurchase(ctx, { seller: ctx.admin, price: '0.5' });
  return { listing, buyer, started, escrow: started.payment.recipient, total: BigInt(started.payment.lamports) };
}

const sellerView = async (id: string) => {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url: `/api/transactions/user?walletAddress=${ctx.admin.walletAddress}`,
    headers: { cookie: ctx.admin.cookie },
  });
  return (res.json() as { id: string }[]).find((r) => r.id === id);
};

describe('a payment that does not buy the key is refunded', () => {
  it('short by one lamport: AMOUNT_TOO_LOW shown to buyer and seller, audited, in the ledger; the buyer may start again', async () => {
    const { listing, buyer, started, escrow, total } = await buyerWithPurchase();
    const before = await balanceOf(ctx.chain, buyer.walletAddress);
    const txHash = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: total - 1n }));
    const res = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'AMOUNT_TOO_LOW',
      message:
        'Refunded: the payment was less than the total. The payment goes back to the wallet that paid it ' +
        'automatically, minus the network fee.',
    });
    // Asked again, the closed purchase answers as the refusal did: its code and message come from the stored row.
    const asked = await verify(ctx.t, buyer, started.transactionId);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toEqual(res.json());

    await settle(ctx.t);
    const refund = total - 1n - SIGNATURE_FEE;
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBe(before - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    const expected = {
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'AMOUNT_TOO_LOW',
      disputeReason: res.json().message,
      escrow,
      payoutSignature: null,
      refundSignatures: [expect.any(String)],
      refundedLamports: refund.toString(),
    };
    const own = await readPurchase(ctx.t, started.transactionId, buyer);
    expect(own).toMatchObject(expected);
    expect(await sellerView(started.transactionId)).toMatchObject(expected);
    const [refundSignature] = own.refundSignatures;
    expect(await ledgerOf(ctx.t, started.transactionId)).toEqual({
      receipt: [(total - 1n).toString()],
      refund: [refund.toString()],
      'network-fee': [SIGNATURE_FEE.toString()],
    });
    const [ledgerRefund] = await ctx.t.database.query<{ signature: string; to_account: string }>(
      `select signature, to_account from ledger_entries where transaction_id = $1 and kind = 'refund'`,
      [started.transactionId],
    );
    expect(ledgerRefund).toEqual({ signature: refundSignature, to_account: `payer:${buyer.walletAddress}` });
    const audited = await ctx.t.database.query<{ metadata: { code: string; signatures: string[] } }>(
      `select metadata from transaction_audit where action = 'purchase.refund' and transaction_id = $1`,
      [started.transactionId],
    );
    expect(audited.map((a) => a.metadata)).toEqual([{ code: 'AMOUNT_TOO_LOW', signatures: [txHash] }]);

    // The listing is for sale again, and the buyer may start a new purchase: with a new escrow.
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
    const again = await initiateOk(ctx.t, buyer, listing);
    expect(again.transactionId).not.toBe(started.transactionId);
    expect(again.payment.recipient).not.toBe(escrow);
  });

  it('the escrow of a refunded purchase refunds what reaches it later too (PURCHASE_CLOSED)', async () => {
    const { buyer, started, escrow, total } = await buyerWithPurchase();
    const short = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: total / 2n }));
    expect((await confirm(ctx.t, buyer, started.transactionId, short)).json().error).toBe('AMOUNT_TOO_LOW');
    await settle(ctx.t);

    // The buyer tries again with the full amount, into the same escrow: it does not revive the purchase.
    const before = await balanceOf(ctx.chain, buyer.walletAddress);
    await pay(ctx.chain, buyer, started.payment);
    const asked = await verify(ctx.t, buyer, started.transactionId);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error).toBe('AMOUNT_TOO_LOW'); // the purchase's own failure stays what it was
    await settle(ctx.t);
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBe(before - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    const reasons = await ctx.t.database.query<{ reason: string }>(
      'select reason from escrow_receipts where transaction_id = $1 order by slot',
      [started.transactionId],
    );
    expect(reasons.map((r) => r.reason)).toEqual(['AMOUNT_TOO_LOW', 'PURCHASE_CLOSED']);
    const view = await readPurchase(ctx.t, started.transactionId, buyer);
    expect(view).toMatchObject({ failureKind: 'refunded', failureCode: 'AMOUNT_TOO_LOW' });
    expect(view.refundSignatures).toHaveLength(2);
    expect(view.refundedLamports).toBe((total / 2n - SIGNATURE_FEE + total - SIGNATURE_FEE).toString());
  });

  it('a confirm that arrives after the worker refunded the payment answers what settlement decided', async () => {
    // A check that failed: 422 with its code, as when the confirm comes first.
    const short = await buyerWithPurchase();
    const shortTx = await pay(ctx.chain, short.buyer, short.started.payment, (p) => ({
      ...p,
      lamports: short.total - 1n,
    }));
    // A payment that lost the race to another buyer's: 200 with the refunded purchase.
    const winner = await fundedBuyer(ctx);
    const loser = await fundedBuyer(ctx);
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '0.5' });
    const won = await initiateOk(ctx.t, winner, listing);
    const lost = await initiateOk(ctx.t, loser, listing);
    const wonTx = await pay(ctx.chain, winner, won.payment);
    const lostTx = await pay(ctx.chain, loser, lost.payment);

    const report = await settle(ctx.t); // the tabs are closed: the worker finds, decides and refunds first
    expect(report).toMatchObject({ verified: 1, refunded: 2 });

    const shortConfirm = await confirm(ctx.t, short.buyer, short.started.transactionId, shortTx);
    expect(shortConfirm.statusCode).toBe(422);
    expect(shortConfirm.json().error).toBe('AMOUNT_TOO_LOW');
    const lostConfirm = await confirm(ctx.t, loser, lost.transactionId, lostTx);
    expect(lostConfirm.statusCode).toBe(200);
    expect(lostConfirm.json()).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      refundSignatures: [expect.any(String)],
      // The refunded payment is the purchase's own, as when the confirm comes first: its page names it.
      txHash: lostTx,
    });
    const wonConfirm = await confirm(ctx.t, winner, won.transactionId, wonTx);
    expect(wonConfirm.statusCode).toBe(200);
    expect(wonConfirm.json().status).toMatch(/verified|completed/);
    // Nothing more was decided or sent by the late confirms.
    expect(await countRows(ctx.t, 'escrow_transfers', `transaction_id = '${lost.transactionId}'`)).toBe(1);
    expect(await failureOf(ctx.t, short.started.transactionId)).toMatchObject({ failure_code: 'AMOUNT_TOO_LOW' });
  });

  it('a second payment into a purchase already paid goes back (ALREADY_PAID) and the sale stands', async () => {
    const { buyer, started, escrow, total } = await buyerWithPurchase();
    const sellerBefore = await balanceOf(ctx.chain, ctx.admin.walletAddress);
    const before = await balanceOf(ctx.chain, buyer.walletAddress);
    const txHash = await pay(ctx.chain, buyer, started.payment);
    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).json().status).toMatch(/verified|completed/);

    // The wallet sends the payment again (a retried click): a different amount, so a transaction of its own.
    const again = SOL / 10n;
    await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: again }));
    const nudged = await verify(ctx.t, buyer, started.transactionId);
    expect(nudged.statusCode).toBe(200);
    expect(nudged.json().status).toMatch(/verified|completed/);
    await settle(ctx.t);

    expect((await balanceOf(ctx.chain, ctx.admin.walletAddress)) - sellerBefore).toBe(SOL / 2n);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    // The buyer paid the total once: the second payment came back but for its two fees.
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBe(before - total - 3n * SIGNATURE_FEE);
    const view = await readPurchase(ctx.t, started.transactionId, buyer);
    expect(view).toMatchObject({
      failureKind: null,
      payoutSignature: expect.any(String),
      refundSignatures: [expect.any(String)],
      refundedLamports: (again - SIGNATURE_FEE).toString(),
    });
    expect(view.refundSignatures[0]).not.toBe(view.payoutSignature);
    expect(await countRows(ctx.t, 'escrow_receipts', `escrow = '${escrow}' and reason = 'ALREADY_PAID'`)).toBe(1);
    expect(await countRows(ctx.t, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(1);
  });
});
