import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { runVerifierOnce } from '@server/jobs';
import { purchasesRepository, verifyPurchase } from '@server/modules/purchases';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import {
  balanceOf,
  confirm,
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  SOL,
  statusOf,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';
import { failureOf, readPurchase, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

let chain: TestChain;
let database: TestDatabase;
let second: TestDatabase | undefined;
let a: PurchaseTestApp;
let b: PurchaseTestApp;
const masterKey = Buffer.alloc(32, 7).toString('base64');

beforeAll(async () => {
  chain = await createTestChain();
  database = await createTestDatabase();
  // Two server instances on one database: on PostgreSQL each with its own connection pool, as two processes.
  second = database.url ? { ...(await openPostgresDatabase(database.url, { max: 5 })), url: database.url } : undefined;
  a = await createPurchaseApp({ chain, database, masterKey });
  b = await createPurchaseApp({ chain, database: second ?? database, masterKey });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
  await chain?.close();
});

describe('races', () => {
  it('20 buyers initiating at once: 20 purchases, each its own escrow; of five that pay, the first landed buys', async () => {
    const admin = await createAdmin(a);
    const { listing } = await createListing(a, { seller: admin, price: '1' });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(a)));
    for (const buyer of buyers) await fund(chain, buyer.walletAddress); // initiate refuses a wallet that cannot pay
    const results = await Promise.all(buyers.map((buyer, i) => initiate(i % 2 ? a : b, buyer, listing)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const orders = results.map((r) => r.json() as InitiatePurchaseResponse);
    const escrows = orders.map((o) => o.payment.recipient);
    expect(new Set(escrows).size).toBe(20);
    for (const o of orders) expect(o.payment.reference).toBe(o.payment.recipient);
    expect(await countRows(a, 'transactions', `address_id = '${listing.id}'`)).toBe(20);
    expect(await countRows(a, 'escrow_keys', `address in (${escrows.map((e) => `'${e}'`).join(', ')})`)).toBe(20);
    expect((await listingStatus(a, listing.id))?.status).toBe('pending');

    // Five of them pay, one after the other, and nobody confirms: both instances' verifiers settle at once.
    const payers = [0, 1, 2, 3, 4];
    const sellerBefore = await balanceOf(chain, admin.walletAddress);
    const before = await Promise.all(payers.map((i) => balanceOf(chain, buyers[i]!.walletAddress)));
    for (const i of payers) await pay(chain, buyers[i]!, orders[i]!.payment);
    const reports = await Promise.all([runVerifierOnce(a.deps()), runVerifierOnce(b.deps())]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    await settle(a); // finishes the transfers either pass sent

    const rows = await Promise.all(orders.map((o) => failureOf(a, o.transactionId)));
    expect(rows[0]?.status).toMatch(/verified|completed/);
    for (const i of payers.slice(1)) {
      expect(rows[i]).toMatchObject({ status: 'failed', failure_kind: 'refunded', failure_code: 'LOST_RACE' });
    }
    // The others never paid: their purchases still wait, and anything they pay now goes back.
    for (const row of rows.slice(payers.length)) expect(row?.status).toBe('initiated');
    expect(await listingStatus(a, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect(await countRows(a, 'sales_analytics', `address_id = '${listing.id}'`)).toBe(1);

    // On chain: the seller paid once, every loser back to what it had but the two fees, every escrow empty.
    expect((await balanceOf(chain, admin.walletAddress)) - sellerBefore).toBe(SOL);
    for (const [k, i] of payers.entries()) {
      expect(await balanceOf(chain, escrows[i]!)).toBe(0n);
      if (i === 0) continue;
      expect(await balanceOf(chain, buyers[i]!.walletAddress)).toBe(before[k]! - 2n * SIGNATURE_FEE);
      expect((await readPurchase(a, orders[i]!.transactionId)).refundSignatures).toHaveLength(1);
    }
  });

  it('two verifiers racing over paid purchases: each verified once, one sale row each', async () => {
    const admin = await createAdmin(a);
    const orders = [];
    for (let i = 0; i < 4; i++) {
      const { listing } = await createListing(a, { seller: admin, price: '0.25' });
      const buyer = await createUser(a);
      await fund(chain, buyer.walletAddress);
      const started = await initiateOk(a, buyer, listing);
      await pay(chain, buyer, started.payment); // paid, never confirmed: the verifiers find it by reference
      orders.push(started.transactionId);
    }
    const sellerBefore = await balanceOf(chain, admin.walletAddress);
    const reports = await Promise.all([
      runVerifierOnce(a.deps()),
      runVerifierOnce(b.deps()),
      runVerifierOnce(a.deps()),
    ]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(reports.reduce((n, r) => n + r.verified, 0)).toBeGreaterThanOrEqual(4);
    await settle(a);
    // Each sale paid out once: the seller got the four prices exactly.
    expect((await balanceOf(chain, admin.walletAddress)) - sellerBefore).toBe(SOL);
    for (const id of orders) {
      expect((await statusOf(a, id))?.status).toMatch(/verified|completed/);
      expect(await countRows(a, 'sales_analytics', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(a, 'price_history', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(a, 'blockchain_transaction_audit', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(a, 'transaction_audit', `action = 'purchase.verify' and transaction_id = '${id}'`)).toBe(
        1,
      );
      expect(await countRows(a, 'escrow_transfers', `transaction_id = '${id}' and kind = 'payout'`)).toBe(1);
    }
  });

  it('two instances verifying the same purchase at the same moment record one sale', async () => {
    const { listing, seller } = await createListing(a, { price: '0.75' });
    const buyer = await createUser(a);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(a, buyer, listing);
    const txHash = await pay(chain, buyer, started.payment);
    // The signature as confirm stores it, without confirm's own verification, so both verifiers find it pending.
    await a.database.query(`update transactions set tx_hash = $1, status = 'pending' where id = $2`, [
      txHash,
      started.transactionId,
    ]);

    const sellerBefore = await balanceOf(chain, seller.walletAddress);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, (_, i) => verifyPurchase((i % 2 ? a : b).deps(), started.transactionId)),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['verified', 'verified', 'verified', 'verified']);
    expect(await countRows(a, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(1);
    expect(await countRows(a, 'price_history', `transaction_id = '${started.transactionId}'`)).toBe(1);
    expect(
      await countRows(
        a,
        'transaction_audit',
        `action = 'purchase.verify' and transaction_id = '${started.transactionId}'`,
      ),
    ).toBe(1);
    // One payout signed and sent between the four: the seller is paid the price once, the escrow is empty.
    expect(await countRows(a, 'escrow_transfers', `transaction_id = '${started.transactionId}'`)).toBe(1);
    await settle(a);
    expect((await balanceOf(chain, seller.walletAddress)) - sellerBefore).toBe((3n * SOL) / 4n);
    expect(await balanceOf(chain, started.payment.recipient)).toBe(0n);
  });

  it("a buyer's confirm that loses the race to the background verifier for the same payment still succeeds", async () => {
    const { listing } = await createListing(a, { price: '0.5' });
    const buyer = await createUser(a);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(a, buyer, listing);
    const before = await purchasesRepository.findDetail(a.database.db, { id: started.transactionId });
    const txHash = await pay(chain, buyer, started.payment);
    // The verifier finds the payment by its reference and records it while confirm is between its read and its
    // write: confirm reads the purchase as it was before (the interleaving, made deterministic).
    expect((await runVerifierOnce(b.deps())).errors).toEqual([]);
    expect((await statusOf(a, started.transactionId))?.status).toMatch(/verified|completed/);
    const read = vi.spyOn(purchasesRepository, 'findDetail').mockResolvedValueOnce(before);
    try {
      const res = await confirm(a, buyer, started.transactionId, txHash);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toMatch(/verified|completed/);
    } finally {
      read.mockRestore();
    }
  });
});
