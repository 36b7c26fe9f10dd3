import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalValidator } from '@local-chain';
import type { Db } from '@server/db/database';
import { openEmbeddedDatabase } from '@server/db/open-embedded';
import { createTestDatabase, testDriver, type TestDatabase } from '@tests/helpers/db';
import { insertEscrow, insertReceipt, insertSettledSale, type TestEscrow } from '@tests/helpers/settlement-rows';
import { createTestChain } from '@tests/helpers/purchases';
import { RUN_TYPESCRIPT } from '@tests/helpers/server-process';

/*
 * `npm run ledger -- check` as an operator runs it: the real CLI in a child process, with the app stopped, on a
 * DATA_DIR prepared here (the embedded database or, on api-postgres, DATABASE_URL; and the local chain the validator
 * saved in DATA_DIR/chain), or against SOLANA_RPC_URLS.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MASTER_KEY = randomBytes(32).toString('base64');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Home {
  dataDir: string;
  env: Record<string, string>;
}

/**
 * A stopped shop: its database holds what `rows` writes, and its saved local chain what `chain` airdrops (escrow →
 * lamports). Nothing of it is open when this returns, as after a server stopped.
 */
async function stoppedShop(
  rows: (db: Db) => Promise<TestEscrow[]>,
  chain: (escrows: TestEscrow[]) => [string, bigint][] = () => [],
): Promise<Home & { escrows: TestEscrow[] }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-ledger-cli-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let pg: TestDatabase | undefined;
  if (testDriver() === 'postgres') {
    pg = await createTestDatabase();
    cleanups.push(() => pg!.close());
  }
  const database = pg ?? (await openEmbeddedDatabase(dataDir));
  const escrows = await rows(database.db);
  if (!pg) await database.close();
  const validator = await createLocalValidator({ stateDir: path.join(dataDir, 'chain') });
  for (const [escrow, lamports] of chain(escrows)) await validator.airdrop(escrow, lamports);
  await validator.close();
  const env = {
    DATA_DIR: dataDir,
    SOLANA_CLUSTER: 'local',
    LOG_LEVEL: 'silent',
    VAULT_MASTER_KEY: MASTER_KEY,
    ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
  };
  return { dataDir, env, escrows };
}

/** Runs the CLI as `npm run ledger -- …` does. */
function ledger(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      [...RUN_TYPESCRIPT, 'src/server/cli/ledger.ts', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? -1) : 0, out, err }),
    );
  });
}

/** A payment waiting to be sent on (ledger = chain), and a sale settled and emptied. */
const waitingAndSettled = async (db: Db) => {
  const waiting = await insertEscrow(db, { status: 'pending' });
  await insertReceipt(db, waiting, 1_530_005_000n);
  await insertSettledSale(db);
  return [waiting];
};

describe('npm run ledger -- check', () => {
  it('exits 0 and says so when the ledger matches the chain saved in DATA_DIR', async () => {
    const shop = await stoppedShop(waitingAndSettled, ([waiting]) => [[waiting!.escrow, 1_530_005_000n]]);
    const res = await ledger(shop.env, 'check');
    expect(res, res.err).toMatchObject({ code: 0, err: '' });
    expect(res.out.trim().split('\n')).toEqual([
      expect.stringMatching(/^Ledger check at \S+Z: 2 escrows checked\.$/),
      'Balanced. 1 escrow holds 1.530005 SOL (1530005000 lamports) that settlement has yet to send on.',
    ]);
  }, 120_000);

  it('exits 1 with one line per difference, naming escrow, purchase, both balances and the problem', async () => {
    const shop = await stoppedShop(
      async (db) => {
        const [waiting] = await waitingAndSettled(db);
        const unrecorded = await insertEscrow(db, { status: 'pending' });
        return [waiting!, unrecorded];
      },
      // The waiting escrow lost 30,000 lamports on chain; the other was paid and settlement never saw it.
      ([waiting, unrecorded]) => [
        [waiting!.escrow, 1_529_975_000n],
        [unrecorded!.escrow, 2_000_000n],
      ],
    );
    const [waiting, unrecorded] = shop.escrows;
    const res = await ledger(shop.env, 'check');
    expect(res.code).toBe(1);
    const lines = res.out.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^DIFFERENCE escrow ${waiting!.escrow} purchase ${waiting!.transactionId}: ledger 1530005000 lamports, chain 1529975000 lamports\\. The chain holds 30000 lamports less than the ledger: a payout or refund landed that the ledger has not recorded`,
          ),
        ),
        `DIFFERENCE escrow ${unrecorded!.escrow} purchase ${unrecorded!.transactionId}: ledger 0 lamports, chain 2000000 lamports. The chain holds 2000000 lamports more than the ledger: a payment landed that settlement has not recorded yet.`,
      ]),
    );
    expect(lines.at(-1)).toBe('NOT BALANCED: 2 differences. No escrow holds a payment waiting to be sent on.');
    const printed = res.out + res.err;
    for (const secret of [MASTER_KEY, waiting!.sealedKey, unrecorded!.sealedKey]) expect(printed).not.toContain(secret);
  }, 120_000);

  it('reads balances from SOLANA_RPC_URLS when they are set, without printing them', async () => {
    const chain = await createTestChain();
    cleanups.push(() => chain.close());
    const shop = await stoppedShop(waitingAndSettled);
    await chain.validator.airdrop(shop.escrows[0]!.escrow, 1_000_000n); // the RPC's chain, not the saved one
    const url = `${chain.url}/?api-key=secret-${randomBytes(8).toString('hex')}`;
    const res = await ledger({ ...shop.env, SOLANA_RPC_URLS: url }, 'check');
    expect(res.code).toBe(1);
    expect(res.out).toContain(`DIFFERENCE escrow ${shop.escrows[0]!.escrow}`);
    expect(res.out).toContain('chain 1000000 lamports');
    expect(res.out + res.err).not.toContain('api-key');

    // No endpoint answers: there is no answer, and the URL stays unprinted.
    const down = await ledger({ ...shop.env, SOLANA_RPC_URLS: 'http://127.0.0.1:9/?api-key=hidden' }, 'check');
    expect(down.code).toBe(2);
    expect(down.err).toMatch(/could not finish: All Solana RPC endpoints failed/);
    expect(down.out + down.err).not.toContain('hidden');
  }, 120_000);

  it('exits 2 with the usage on bad arguments, and refuses while a server holds DATA_DIR', async () => {
    const shop = await stoppedShop(waitingAndSettled);
    for (const args of [[], ['check', '--fix']]) {
      const res = await ledger(shop.env, ...args);
      expect(res).toMatchObject({ code: 2, out: '', err: 'Usage: npm run ledger -- check\n' });
    }
    // A live process other than the CLI "holds" the lock, as a running server would.
    await writeFile(path.join(shop.dataDir, 'vanity-vault.lock'), String(process.pid));
    const locked = await ledger(shop.env, 'check');
    expect(locked.code).toBe(2);
    expect(locked.err).toMatch(/in use by another Vanity Vault process .*stop the server first/s);
  }, 120_000);

  it('exits 2 for a DATA_DIR that holds no database rather than check an empty one', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'vv-ledger-cli-empty-'));
    cleanups.push(() => rm(empty, { recursive: true, force: true }));
    const res = await ledger({ DATA_DIR: empty, SOLANA_CLUSTER: 'local' }, 'check');
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/No database in /);
  });
});
