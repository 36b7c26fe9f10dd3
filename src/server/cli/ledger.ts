import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadAccountLamports } from '@local-chain/state-file';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import type { LedgerCheckReport } from '@shared/api/settlement';
import { lamportsToSolString } from '@shared/money';
import { EnvError, loadEnv, type Env } from '../config/env';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { openDatabase } from '../db/open-database';
import { chainBalances, checkLedger, type ChainBalances } from '../modules/settlement';

/**
 * `npm run ledger -- check`: reconciles the settlement ledger with the chain (docs/domain.md#ledger), the same check
 * as GET /api/admin/ledger/check, with the app stopped. Exit codes follow diff(1): 0 balanced, 1 differences, 2
 * when there is no answer (bad arguments, bad configuration, DATA_DIR in use, a chain or database that cannot be
 * read), so a script never reads "could not check" as either.
 *
 * Chain balances: in local mode with the embedded validator, from the chain it saved in DATA_DIR/chain, read without
 * starting it (a start compacts, which writes); otherwise from SOLANA_RPC_URLS (or the cluster's public endpoint).
 * Whatever reads DATA_DIR takes the server's DATA_DIR lock, so the command refuses to run beside the server there.
 * It prints addresses, purchase ids and lamports; never a key, a database URL or an RPC URL (those carry API keys).
 */

const USAGE = 'Usage: npm run ledger -- check';

export interface LedgerCliIo {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Where createChainContext keeps the embedded validator's state. */
const localChainDir = (env: Env) => path.join(env.dataDir, 'chain');
const readsLocalChain = (env: Env) => env.isLocal && env.rpcUrls.length === 0;

/** `text` with every configured URL (database password, RPC API key) blanked out. */
function redactor(env: Env): (text: string) => string {
  const secrets = [env.databaseUrl, ...env.rpcUrls].filter((s): s is string => Boolean(s));
  return (text) => secrets.reduce((out, secret) => out.replaceAll(secret, '<redacted URL>'), text);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const amount = (lamports: bigint) => `${lamportsToSolString(lamports)} SOL (${lamports} lamports)`;

/** The report as lines: one per difference, each naming escrow, purchase, both balances and the problem. */
export function formatLedgerReport(report: LedgerCheckReport): string[] {
  const lines = [`Ledger check at ${report.checkedAt}: ${report.escrowsChecked} escrows checked.`];
  for (const d of report.differences) {
    lines.push(
      `DIFFERENCE escrow ${d.escrow} purchase ${d.transactionId}: ledger ${d.ledgerLamports} lamports, chain ${d.chainLamports ?? 'unreadable'}${d.chainLamports === null ? '' : ' lamports'}. ${d.problem}`,
    );
  }
  const open = BigInt(report.openLamports);
  const waiting =
    report.openEscrows === 0
      ? 'No escrow holds a payment waiting to be sent on.'
      : `${report.openEscrows} escrow${report.openEscrows === 1 ? '' : 's'} hold${report.openEscrows === 1 ? 's' : ''} ${amount(open)} that settlement has yet to send on.`;
  lines.push(
    report.balanced
      ? `Balanced. ${waiting}`
      : `NOT BALANCED: ${report.differences.length} difference${report.differences.length === 1 ? '' : 's'}. ${waiting}`,
  );
  return lines;
}

async function balancesOf(env: Env, err: (line: string) => void): Promise<ChainBalances> {
  if (!readsLocalChain(env)) return chainBalances(createChainRpc(env.rpcUrls));
  const dir = localChainDir(env);
  const saved = await loadAccountLamports(dir);
  if (!saved) err(`No saved local chain in ${dir}: every escrow reads 0 lamports on chain.`);
  const lamports = saved ?? new Map<string, bigint>();
  return async (addresses) => new Map(addresses.map((a) => [a, lamports.get(a) ?? 0n]));
}

/** Runs one ledger command; returns the process exit code. */
export async function runLedgerCli(args: readonly string[], io: LedgerCliIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  if (args.length !== 1 || args[0] !== 'check') {
    err(USAGE);
    return 2;
  }

  let env: Env;
  try {
    env = loadEnv(io.env ?? process.env);
  } catch (e) {
    if (e instanceof EnvError) {
      err(e.message);
      return 2;
    }
    throw e;
  }
  const redact = redactor(env);

  // A mistyped DATA_DIR would otherwise open a new, empty database and call it balanced.
  if (!env.databaseUrl && !(await exists(path.join(env.dataDir, 'pglite')))) {
    err(`No database in ${env.dataDir}: set DATA_DIR to the server's, or DATABASE_URL.`);
    return 2;
  }
  // As the server decides (runtime.ts): DATA_DIR is in use when it holds the database or the local chain.
  const usesDataDir = !env.databaseUrl || readsLocalChain(env);
  let unlock: () => Promise<void> = async () => {};
  if (usesDataDir) {
    try {
      unlock = await lockDataDir(env.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        err(
          `${e.message}\nThe ledger check reads DATA_DIR: stop the server first, or use GET /api/admin/ledger/check.`,
        );
        return 2;
      }
      throw e;
    }
  }
  try {
    const balances = await balancesOf(env, err);
    const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      const report = await checkLedger({ db: database.db, balances });
      for (const line of formatLedgerReport(report)) out(line);
      return report.balanced ? 0 : 1;
    } finally {
      await database.close();
    }
  } catch (e) {
    err(`The ledger check could not finish: ${redact(e instanceof Error ? e.message : String(e))}`);
    return 2;
  } finally {
    await unlock();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLedgerCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      // Only the class of error: its message could carry a configured URL.
      console.error('ledger command failed:', e instanceof Error ? e.name : 'unknown error');
      process.exit(2);
    },
  );
}
