import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { runVerifierOnce } from '@server/jobs';
import { transactionsRepository, verifyPurchase } from '@server/modules/purchases';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import {
  confirm,
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiate,
  initiateOk,
  pay,
  statusOf,
  type PurchaseTestApp,
  type TestChain,
} from './purchases-helpers';

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
  it('20 buyers initiating at once: exactly one reservation', async () => {
    const { listing } = await createListing(a, { price: '1' });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(a)));
    for (const buyer of buyers) await fund(chain, buyer.walletAddress); // initiate refuses a wallet that cannot pay
    const results = await Promise.all(buyers.map((buyer, i) => initiate(i % 2 ? a : b, buyer, listing)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toBe('LISTING_NOT_AVAILABLE');
    expect(await countRows(a, 'transactions', `address_id = '${listing.id}'`)).toBe(1);
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
    const reports = await Promise.all([
      runVerifierOnce(a.deps()),
      runVerifierOnce(b.deps()),
      runVerifierOnce(a.deps()),
    ]);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(reports.reduce((n, r) => n + r.verified, 0)).toBeGreaterThanOrEqual(4);
    for (const id of orders) {
      expect((await statusOf(a, id))?.status).toMatch(/verified|completed/);
      expect(await countRows(a, 'sales_analytics', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(a, 'price_history', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(a, 'blockchain_transaction_audit', `transaction_id = '${id}'`)).toBe(1);
      expect(await countRows(a, 'transaction_audit', `action = 'purchase.verify' and transaction_id = '${id}'`)).toBe(
        1,
      );
    }
  });

  it('two instances verifying the same purchase at the same moment record one sale', async () => {
    const { listing } = await createListing(a, { price: '0.75' });
    const buyer = await createUser(a);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(a, buyer, listing);
    const txHash = await pay(chain, buyer, started.payment);
    // The signature as confirm stores it, without confirm's own verification, so both verifiers find it pending.
    await a.database.query(`update transactions set tx_hash = $1, status = 'pending' where id = $2`, [
      txHash,
      started.transactionId,
    ]);

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
  });

  it("a buyer's confirm that loses the race to the background verifier for the same payment still succeeds", async () => {
    const { listing } = await createListing(a, { price: '0.5' });
    const buyer = await createUser(a);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(a, buyer, listing);
    const before = await transactionsRepository.findDetail(a.database.db, { id: started.transactionId });
    const txHash = await pay(chain, buyer, started.payment);
    // The verifier finds the payment by its reference and records it while confirm is between its read and its
    // write: confirm reads the purchase as it was before (the interleaving, made deterministic).
    expect((await runVerifierOnce(b.deps())).errors).toEqual([]);
    expect((await statusOf(a, started.transactionId))?.status).toMatch(/verified|completed/);
    const read = vi.spyOn(transactionsRepository, 'findDetail').mockResolvedValueOnce(before);
    try {
      const res = await confirm(a, buyer, started.transactionId, txHash);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toMatch(/verified|completed/);
    } finally {
      read.mockRestore();
    }
  });
});
