import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalValidator, type LocalValidator } from '@local-chain';
import { createInProcessChainRpc } from '@chain/rpc/chain-rpc';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import {
  insertEscrow,
  insertReceipt,
  insertSettledSale,
  insertTransfer,
  NETWORK_FEE,
  randomAddress,
  type TestEscrow,
} from '@tests/helpers/settlement-rows';
import { purchaseOwner, settlementRepository } from './settlement.repository';
import { chainBalances, checkLedger, type ChainBalances } from './ledger-check';

/*
 * The ledger-against-chain reconciliation (docs/domain.md#ledger) on a real database with rows written as settlement
 * writes them, and a fake chain: a map of balances the test sets, read through the same `balances` function the
 * CLI and the admin route pass in.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Each test starts from no escrows: the check reads every escrow there is. */
beforeEach(async () => {
  await database.query(
    'truncate ledger_entries, escrow_receipts, escrow_transfers, escrow_keys, transactions, addresses, users cascade',
  );
});

const chain = new Map<string, bigint | null>();
const calls: string[][] = [];
const fakeChain: ChainBalances = async (addresses) => {
  calls.push([...addresses]);
  // An account the chain has never seen holds nothing.
  return new Map(addresses.map((a) => [a, chain.has(a) ? chain.get(a)! : 0n]));
};
beforeEach(() => {
  chain.clear();
  calls.length = 0;
});

const check = (pageSize?: number) =>
  checkLedger({ db: database.db, balances: fakeChain, now: () => new Date('2026-11-27T10:00:00Z'), pageSize });

const only = async () => {
  const report = await check();
  expect(report.differences).toHaveLength(1);
  return report.differences[0]!;
};

/** A failed purchase's escrow that received `received` and its refund of `refunded` to the buyer, `status` on chain. */
async function insertRefund(received: bigint, refunded: bigint, status?: 'signed' | 'failed') {
  const e = await insertEscrow(database.db, { status: 'failed' });
  const receipt = await insertReceipt(database.db, e, received, { purpose: 'refund' });
  const transfer = await insertTransfer(database.db, e, {
    kind: 'refund',
    legs: [{ to: e.buyer, lamports: refunded.toString(), kind: 'refund' }],
    receipts: [receipt],
    status,
  });
  return { e, transfer };
}

describe('checkLedger', () => {
  it('reports an empty shop as balanced', async () => {
    expect(await check()).toEqual({
      balanced: true,
      checkedAt: '2026-11-27T10:00:00.000Z',
      escrowsChecked: 0,
      openEscrows: 0,
      openLamports: '0',
      differences: [],
    });
  });

  it('counts an escrow holding a payment settlement has not sent on yet as open, and balanced', async () => {
    const e = await insertEscrow(database.db, { status: 'pending' });
    await insertReceipt(database.db, e, 1_530_005_000n);
    chain.set(e.escrow, 1_530_005_000n);
    const unpaid = await insertEscrow(database.db); // nobody paid: 0 on both sides
    expect(await check()).toMatchObject({
      balanced: true,
      escrowsChecked: 2,
      openEscrows: 1,
      openLamports: '1530005000',
      differences: [],
    });
    expect(calls.flat().sort()).toEqual([e.escrow, unpaid.escrow].sort());
  });

  it('balances a settled sale (payout, commission and fee out, escrow empty) and a refund sent back', async () => {
    await insertSettledSale(database.db);
    await insertRefund(2_000_000n, 2_000_000n - NETWORK_FEE);
    expect(await check()).toMatchObject({ balanced: true, escrowsChecked: 2, openEscrows: 0, openLamports: '0' });
  });

  it('reports a payment the chain holds and the ledger has not recorded', async () => {
    const e = await insertEscrow(database.db, { status: 'pending' });
    await insertReceipt(database.db, e, 1_000_000n);
    chain.set(e.escrow, 3_000_000n);
    expect(await only()).toEqual({
      escrow: e.escrow,
      transactionId: e.transactionId,
      orderId: null,
      bidId: null,
      ledgerLamports: '1000000',
      chainLamports: '3000000',
      problem: expect.stringMatching(
        /2000000 lamports more .*a payment landed that settlement has not recorded yet\.$/,
      ),
    });
  });

  it('says when an unrecorded payment reached an escrow whose purchase was already settled', async () => {
    const { e } = await insertSettledSale(database.db);
    chain.set(e.escrow, 7_000_000n);
    expect((await only()).problem).toMatch(/a payment landed that settlement has not recorded yet, after its purchase/);
  });

  it('reports lamports gone from the chain that the ledger still counts', async () => {
    const e = await insertEscrow(database.db, { status: 'pending' });
    await insertReceipt(database.db, e, 1_000_000n);
    chain.set(e.escrow, 400_000n);
    expect(await only()).toMatchObject({
      ledgerLamports: '1000000',
      chainLamports: '400000',
      problem: expect.stringMatching(
        /600000 lamports less .*a payout or refund landed that the ledger has not recorded/,
      ),
    });
  });

  it('names the transfer that landed before its ledger rows were written (a crash at settle:before-ledger)', async () => {
    const { e, transfer } = await insertRefund(2_000_000n, 2_000_000n - NETWORK_FEE, 'signed');
    chain.set(e.escrow, 0n); // landed: the escrow is empty on chain
    const difference = await only();
    expect(difference).toMatchObject({ ledgerLamports: '2000000', chainLamports: '0' });
    expect(difference.problem).toContain(`Transfer ${transfer.signature}`);
    expect(difference.problem).toMatch(/ledger rows are not written yet/);

    // Not landed yet: the escrow still holds it all, and the check is balanced.
    chain.set(e.escrow, 2_000_000n);
    expect(await check()).toMatchObject({ balanced: true, openEscrows: 1, openLamports: '2000000' });
  });

  it('names a transfer that failed on chain and still paid its fee', async () => {
    const { e, transfer } = await insertRefund(2_000_000n, 2_000_000n - NETWORK_FEE, 'failed');
    chain.set(e.escrow, 2_000_000n - NETWORK_FEE);
    const difference = await only();
    expect(difference.problem).toContain(`Transfer ${transfer.signature} failed on chain`);
    expect(difference.problem).toContain('5000 lamports network fee');
  });

  it('always reports a negative ledger balance', async () => {
    const e = await insertEscrow(database.db, { status: 'verified' });
    // A payout recorded with no receipt behind it: more left than ever arrived.
    await settlementRepository.insertLedger(database.db, [
      {
        ...purchaseOwner(e.transactionId),
        escrow: e.escrow,
        kind: 'payout',
        fromAccount: `escrow:${e.escrow}`,
        toAccount: `seller:${e.seller}`,
        lamports: 1_000n,
        signature: 'sig',
        leg: 1,
      },
    ]);
    expect(await only()).toMatchObject({
      ledgerLamports: '-1000',
      chainLamports: '0',
      problem: expect.stringMatching(/1000 lamports more leaving this escrow than reaching it/),
    });
  });

  it('reports a decided escrow whose every receipt was sent on but which is not empty', async () => {
    // The refund sent back less than the receipt less its fee: 995,000 lamports stay behind, on both sides.
    const { e } = await insertRefund(10_000_000n, 9_000_000n);
    chain.set(e.escrow, 995_000n);
    expect(await only()).toMatchObject({
      ledgerLamports: '995000',
      chainLamports: '995000',
      problem: expect.stringMatching(/decided and every receipt was sent on, yet the escrow still holds 995000/),
    });
  });

  it('does not count an open purchase, or a receipt not yet sent on, as closed', async () => {
    const open = await insertEscrow(database.db, { status: 'pending' });
    await insertReceipt(database.db, open, 1_000n);
    const undecided = await insertEscrow(database.db, { status: 'failed' });
    await insertReceipt(database.db, undecided, 2_000n, { purpose: 'refund' }); // dust: too small to send back yet
    chain.set(open.escrow, 1_000n);
    chain.set(undecided.escrow, 2_000n);
    expect(await check()).toMatchObject({ balanced: true, openEscrows: 2, openLamports: '3000' });
  });

  it('reports an escrow whose chain balance could not be read', async () => {
    const e = await insertEscrow(database.db);
    chain.set(e.escrow, null);
    expect(await only()).toMatchObject({ chainLamports: null, problem: 'The chain balance could not be read.' });
  });

  it('pages through the escrows in address order, each page read once', async () => {
    const escrows: TestEscrow[] = [];
    for (let i = 0; i < 5; i++) {
      const e = await insertEscrow(database.db, { status: 'pending' });
      await insertReceipt(database.db, e, BigInt(1_000 + i));
      chain.set(e.escrow, BigInt(1_000 + i));
      escrows.push(e);
    }
    chain.set(escrows[3]!.escrow, 1n);
    const report = await check(2);
    expect(report).toMatchObject({
      escrowsChecked: 5,
      openEscrows: 4,
      openLamports: String(1000 + 1001 + 1002 + 1004),
    });
    expect(report.differences.map((d) => d.escrow)).toEqual([escrows[3]!.escrow]);
    expect(calls.map((c) => c.length)).toEqual([2, 2, 1]);
    // Every escrow once (the order is the database's collation of addresses).
    expect(calls.flat().sort()).toEqual(escrows.map((e) => e.escrow).sort());
  });
});

describe('chainBalances', () => {
  let validator: LocalValidator;
  beforeAll(async () => {
    validator = await createLocalValidator({ slotMs: 50 });
  });
  afterAll(() => validator?.close());

  it('reads balances a hundred addresses a call, and 0 for an account that does not exist', async () => {
    const funded = randomAddress();
    await validator.airdrop(funded, 1_234_567n);
    const empty = Array.from({ length: 150 }, randomAddress);
    const balances = await chainBalances(createInProcessChainRpc(validator.handle))([...empty, funded]);
    expect(balances.size).toBe(151);
    expect(balances.get(funded)).toBe(1_234_567n);
    expect(empty.every((a) => balances.get(a) === 0n)).toBe(true);
  });
});
