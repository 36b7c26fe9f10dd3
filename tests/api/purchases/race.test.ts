import { describe, expect, it, vi } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { purchasesRepository, verifyPurchase } from '@server/modules/purchases';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import {
  balanceOf,
  confirm,
  countRows,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  SOL,
  statusOf,
} from '@tests/helpers/purchases';
import { useTwoInstances } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';
import { failureOf, readPurchase, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

const ctx = useTwoInstances();

describe('races', () => {
  it('20 buyers initiating at once: 20 purchases, each its own escrow; of five that pay, the first landed buys', async () => {
    const admin = await createAdmin(ctx.a);
    const { listing } = await createListing(ctx.a, { seller: admin, price: '1' });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx.a)));
    for (const buyer of buyers) await fund(ctx.chain, buyer.walletAddress); // initiate refuses a wallet that cannot pay
    const results = await Promise.all(buyers.map((buyer, i) => initiate(i % 2 ? ctx.a : ctx.b, buyer, listing)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const orders = results.map((r) => r.json() as InitiatePurchaseResponse);
    const escrows = orders.map((o) => o.payment.recipient);
    expect(new Set(escrows).size).toBe(20);
    for (const o of orders) expect(o.payment.reference).toBe(o.payment.recipient);
    expect(await countRows(ctx.a, 'transactions', `address_id = '${listing.id}'`)).toBe(20);
    expect(await countRows(ctx.a, 'escrow_keys', `address in (${escrows.map((e) => `'${e}'`).join(', ')})`)).toBe(20);
    expect((await listingStatus(ctx.a, listing.id))?.status).toBe('pending');

    // Five of them pay, one after the other, and nobody confirms: both instances' verifiers settle at once.
    const payers = [0, 1, 2, 3, 4];
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const before = await Promise.all(payers.map((i) => balanceOf(ctx.chain, buyers[i]!.walletAddress)));
    for (const i of payers) await pay(ctx.chain, buyers[i]!, orders[i]!.payment);
    const reports = await Promise.all([runVerifierOnce(ctx.a.deps()), runVerifierOnce(ctx.b.deps())]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    await settle(ctx.a); // finishes the transfers either pass sent

    const rows = await Promise.all(orders.map((o) => failureOf(ctx.a, o.transactionId)));
    expect(rows[0]?.status).toMatch(/verified|completed/);
    for (const i of payers.slice(1)) {
      expect(rows[i]).toMatchObject({ status: 'failed', failure_kind: 'refunded', failure_code: 'LOST_RACE' });
    }
    // The others never paid: their purchases still wait, and anything they pay now goes back.
    for (const row of rows.slice(payers.length)) expect(row?.status).toBe('initiated');
    expect(await listingStatus(ctx.a, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect(await countRows(ctx.a, 'sales_analytics', `address_id = '${listing.id}'`)).toBe(1);

    // On chain: the seller paid once, every loser back to what it had but the two fees, every escrow empty.
    expect((await balanceOf(ctx.chain, admin.walletAddress)) - sellerBefore).toBe(SOL);
    for (const [k, i] of payers.entries()) {
      expect(await balanceOf(ctx.chain, escrows[i]!)).toBe(0n);
      if (i === 0) continue;
      expect(await balanceOf(ctx.chain, buyers[i]!.walletAddress)).toBe(before[k]! - 2n * SIGNATURE_FEE);
      expect((await readPurchase(ctx.a, orders[i]!.transactionId)).refundSignatures).toHaveLength(1);
    }
  });

  it('two verifiers racing over paid purchases: each verified once, one sale row each', async () => {
    const admin = await createAdmin(ctx.a);
    const orders = [];
    for (let i = 0; i < 4; i++) {
      const { listing } = await createListing(ctx.a, { seller: admin, price: '0.25' });
      const buyer = await fundedBuyer({ chain: ctx.chain, t: ctx.a });
      const started = await initiateOk(ctx.a, buyer, listing);
      await pay(ctx.chain, buyer, started.payment); // paid, never confirmed: the verifiers find it by reference
      orders.push(started.transactionId);
    }
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const reports = await Promise.all([
      runVerifierOnce(ctx.a.deps()),
      runVerifierOnce(ctx.b.deps()),
      runVerifierOnce(ctx.a.deps()),
    ]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(reports.reduce((n, r) => n + r.verified, 0)).toBeGreaterThanOrEqual(4);
    await settle(ctx.a);
    // Each sale paid out once: the seller got the four prices exactly.
    expect((await balanceOf(ctx.chain, admin.walletAddress)) - sellerBefore).toBe(SOL);
    for (const id of orders) {
      expect((await statusOf(ctx.a, id))?.status).toMatch(/verified|completed/);
      expect(await countRows(ctx.a, 'sales_analytics', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(ctx.a, 'price_history', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(ctx.a, 'blockchain_transaction_audit', `transaction_id = '${id}'`)).toBe(1);
      expect(
        await countRows(ctx.a, 'transaction_audit', `action = 'purchase.verify' and transaction_id = '${id}'`),
      ).toBe(1);
      expect(await countRows(ctx.a, 'escrow_transfers', `transaction_id = '${id}' and kind = 'payout'`)).toBe(1);
    }
  });

  it('two instances verifying the same purchase at the same moment record one sale', async () => {
    const { listing, seller } = await createListing(ctx.a, { price: '0.75' });
    const buyer = await fundedBuyer({ chain: ctx.chain, t: ctx.a });
    const started = await initiateOk(ctx.a, buyer, listing);
    const txHash = await pay(ctx.chain, buyer, started.payment);
    // The signature as confirm stores it, without confirm's own verification, so both verifiers find it pending.
    await ctx.a.database.query(`update transactions set tx_hash = $1, status = 'pending' where id = $2`, [
      txHash,
      started.transactionId,
    ]);

    const sellerBefore = await balanceOf(ctx.chain, seller.walletAddress);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, (_, i) => verifyPurchase((i % 2 ? ctx.a : ctx.b).deps(), started.transactionId)),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['verified', 'verified', 'verified', 'verified']);
    expect(await countRows(ctx.a, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(1);
    expect(await countRows(ctx.a, 'price_history', `transaction_id = '${started.transactionId}'`)).toBe(1);
    expect(
      await countRows(
        ctx.a,
        'transaction_audit',
        `action = 'purchase.verify' and transaction_id = '${started.transactionId}'`,
      ),
    ).toBe(1);
    // One payout signed and sent between the four: the seller is paid the price once, the escrow is empty.
    expect(await countRows(ctx.a, 'escrow_transfers', `transaction_id = '${started.transactionId}'`)).toBe(1);
    await settle(ctx.a);
    expect((await balanceOf(ctx.chain, seller.walletAddress)) - sellerBefore).toBe((3n * SOL) / 4n);
    expect(await balanceOf(ctx.chain, started.payment.recipient)).toBe(0n);
  });

  it("a buyer's confirm that loses the race to the background verifier for the same payment still succeeds", async () => {
    const { listing } = await createListing(ctx.a, { price: '0.5' });
    const buyer = await fundedBuyer({ chain: ctx.chain, t: ctx.a });
    const started = await initiateOk(ctx.a, buyer, listing);
    const before = await purchasesRepository.findDetail(ctx.a.database.db, { id: started.transactionId });
    const txHash = await pay(ctx.chain, buyer, started.payment);
    // The verifier finds the payment by its reference and records it while confirm is between its read and its
    // write: confirm reads the purchase as it was before (the interleaving, made deterministic).
    expect((await runVerifierOnce(ctx.b.deps())).errors).toEqual([]);
    expect((await statusOf(ctx.a, started.transactionId))?.status).toMatch(/verified|completed/);
    const read = vi.spyOn(purchasesRepository, 'findDetail').mockResolvedValueOnce(before);
    try {
      const res = await confirm(ctx.a, buyer, started.transactionId, txHash);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toMatch(/verified|completed/);
    } finally {
      read.mockRestore();
    }
  });
});
