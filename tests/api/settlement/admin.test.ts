import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { ledgerCheckReportSchema, settlementOverviewSchema } from '@shared/api/settlement';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import {
  insertEscrow,
  insertReceipt,
  insertSettledSale,
  insertTransfer,
  NETWORK_FEE,
  randomAddress,
} from '@tests/helpers/settlement-rows';
import { signIn, signInAsAdmin, type SignedInWallet } from '@tests/helpers/wallet';

/*
 * The admin settlement reads (docs/domain.md#ledger): GET /api/admin/ledger/check reconciles the ledger with the
 * app's own local chain, GET /api/admin/settlement shows the ledger's totals and the outbox. Settlement rows are
 * written straight into the database as the settlement worker writes them; escrows get their lamports on chain by
 * airdrop.
 */

let t: TestApp;
let admin: SignedInWallet;
let member: SignedInWallet;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
  member = await signIn(t.app);
}, 120_000);
afterAll(() => t?.close());

// Each test sees only its own escrows: the check and the overview read every escrow there is.
beforeEach(async () => {
  await t.database.query(
    'truncate ledger_entries, escrow_receipts, escrow_transfers, escrow_keys, transactions cascade',
  );
});

const get = (url: string, who?: SignedInWallet) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const airdrop = (escrow: string, lamports: bigint) => t.chain.validator!.airdrop(escrow, lamports);

describe('admin only', () => {
  it.each(['/api/admin/ledger/check', '/api/admin/settlement'])(
    '%s answers 401 to a visitor, 403 to a member',
    async (url) => {
      const visitor = await get(url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
      const refused = await get(url, member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'ADMIN_REQUIRED' });
    },
  );
});

describe('GET /api/admin/ledger/check', () => {
  it('answers 200 when every escrow balances, counting the ones still holding a payment', async () => {
    const waiting = await insertEscrow(t.database.db, { status: 'pending' });
    await insertReceipt(t.database.db, waiting, 1_530_005_000n);
    await airdrop(waiting.escrow, 1_530_005_000n);
    await insertSettledSale(t.database.db); // emptied: nothing on chain, nothing in the ledger's balance

    const res = await get('/api/admin/ledger/check', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = ledgerCheckReportSchema.parse(res.json());
    expect(report).toMatchObject({
      balanced: true,
      escrowsChecked: 2,
      openEscrows: 1,
      openLamports: '1530005000',
      differences: [],
    });
  });

  it('answers 409 with the same report when the chain and the ledger disagree', async () => {
    const balanced = await insertEscrow(t.database.db, { status: 'pending' });
    await insertReceipt(t.database.db, balanced, 2_000_000n);
    await airdrop(balanced.escrow, 2_000_000n);
    // Paid on chain, not yet recorded by settlement.
    const unrecorded = await insertEscrow(t.database.db, { status: 'pending' });
    await airdrop(unrecorded.escrow, 3_000_000n);

    const res = await get('/api/admin/ledger/check', admin);
    expect(res.statusCode).toBe(409);
    const report = ledgerCheckReportSchema.parse(res.json());
    expect(report).toMatchObject({ balanced: false, escrowsChecked: 2, openEscrows: 1, openLamports: '2000000' });
    expect(report.differences).toEqual([
      {
        escrow: unrecorded.escrow,
        transactionId: unrecorded.transactionId,
        orderId: null,
        bidId: null,
        ledgerLamports: '0',
        chainLamports: '3000000',
        problem: expect.stringContaining('a payment landed that settlement has not recorded yet'),
      },
    ]);
    // Nothing secret goes out: the escrow's sealed key stays in the database.
    expect(res.body).not.toContain(unrecorded.sealedKey);
  });

  it('answers 503 RPC_UNAVAILABLE when no RPC endpoint answers', async () => {
    const offline = await createTestApp({ env: { SOLANA_RPC_URLS: 'http://127.0.0.1:9' } });
    try {
      const who = await signInAsAdmin(offline.app);
      await insertEscrow(offline.database.db, { status: 'pending' });
      const res = await offline.app.inject({
        method: 'GET',
        url: '/api/admin/ledger/check',
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'RPC_UNAVAILABLE' });
    } finally {
      await offline.close();
    }
  }, 60_000);
});

describe('GET /api/admin/settlement', () => {
  it('shows the ledger totals, open escrows, pending and failed transfers and the latest payouts and refunds', async () => {
    const db = t.database.db;
    const sale = await insertSettledSale(db, { price: LAMPORTS_PER_SOL, commission: 20_000_000n });
    const open = await insertEscrow(db, { status: 'pending' });
    await insertReceipt(db, open, 7_000_000n);
    const refunded = await insertEscrow(db, { status: 'failed' });
    const back = await insertReceipt(db, refunded, 3_000_000n, { purpose: 'refund' });
    const refund = await insertTransfer(db, refunded, {
      kind: 'refund',
      legs: [{ to: refunded.buyer, lamports: (3_000_000n - NETWORK_FEE).toString(), kind: 'refund' }],
      receipts: [back],
    });
    const sending = await insertEscrow(db, { status: 'verified' });
    const sold = await insertReceipt(db, sending, 1_030_005_000n, { purpose: 'sale' });
    const signed = await insertTransfer(db, sending, {
      kind: 'payout',
      legs: [
        { to: sending.seller, lamports: '1000000000', kind: 'payout' },
        { to: randomAddress(), lamports: '30000000', kind: 'commission' },
      ],
      receipts: [sold],
      status: 'signed',
    });
    const failing = await insertEscrow(db, { status: 'failed' });
    const lost = await insertReceipt(db, failing, 500_000n, { purpose: 'refund' });
    const failed = await insertTransfer(db, failing, {
      kind: 'refund',
      legs: [{ to: failing.buyer, lamports: '495000', kind: 'refund' }],
      receipts: [lost],
      status: 'failed',
    });

    const res = await get('/api/admin/settlement', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const overview = settlementOverviewSchema.parse(res.json());
    // Open: every escrow whose ledger balance is above 0, whether or not a transfer for it is on its way.
    expect(overview.totals).toEqual({
      openLamports: String(7_000_000n + 1_030_005_000n + 500_000n),
      paidOutLamports: '1000000000',
      commissionLamports: '20000000',
      refundedLamports: String(3_000_000n - NETWORK_FEE),
      feeLamports: String(2n * NETWORK_FEE),
    });
    expect(overview.openEscrows.map((o) => o.escrow).sort()).toEqual(
      [open.escrow, sending.escrow, failing.escrow].sort(),
    );
    expect(overview.openEscrows.find((o) => o.escrow === open.escrow)).toEqual({
      escrow: open.escrow,
      transactionId: open.transactionId,
      orderId: null,
      bidId: null,
      address: open.listingAddress,
      purchaseStatus: 'pending',
      balanceLamports: '7000000',
      receivedAt: expect.any(String),
    });
    expect(overview.pendingTransfers.map((p) => [p.id, p.status, p.lamports])).toEqual([
      [signed.id, 'signed', '1030000000'],
      [failed.id, 'failed', '495000'],
    ]);
    expect(overview.pendingTransfers[1]!.error).toBe('boom');
    expect(overview.recentPayouts).toEqual([
      expect.objectContaining({
        id: sale.payout.id,
        kind: 'payout',
        status: 'landed',
        lamports: '1020000000',
        transactionId: sale.e.transactionId,
        landedAt: expect.any(String),
      }),
    ]);
    expect(overview.recentRefunds.map((r) => r.id)).toEqual([refund.id]);
    // The stored signed transactions are not part of the page.
    expect(res.body).not.toContain(signed.signedTransaction);
  });

  it('lists the latest 50 payouts, latest first', async () => {
    const start = Date.parse('2026-11-01T00:00:00Z');
    const payouts: string[] = [];
    for (let i = 0; i < 52; i++) {
      const { payout } = await insertSettledSale(t.database.db, { at: new Date(start + i * 60_000) });
      payouts.push(payout.id);
    }
    const overview = settlementOverviewSchema.parse((await get('/api/admin/settlement', admin)).json());
    expect(overview.recentPayouts.map((p) => p.id)).toEqual(payouts.reverse().slice(0, 50));
    expect(overview.openEscrows).toEqual([]);
    expect(overview.totals.openLamports).toBe('0');
  }, 60_000);
});
