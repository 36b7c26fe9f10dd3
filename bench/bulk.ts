import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { BulkRowInput } from '@shared/api/listings';
import { analyzeAddress } from '@shared/rarity/server';
import type { Database } from '@server/db/database';
import { openEmbeddedDatabase } from '@server/db/open-embedded';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { seedReferenceData } from '@server/db/seed-reference-data';
import { bulkCreateListings, createSealPool } from '@server/modules/listings';
import { checkBulkRows } from '@server/modules/listings/bulk-checks';
import { loadKnownAddresses } from '@server/modules/listings/known-addresses.repository';
import { createVaultCipher, proveOwnership } from '@server/modules/vault';
import { usersRepository } from '@server/modules/users';
import { onCleanup } from './lib/cleanup';
import { measureWritePhase, type WritePhase } from './lib/bulk-phases';
import { bulkRows, realKeypair } from './lib/keypairs';
import { loadNow, machineCpu, mb, rssSampler, secs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { timedDeps } from './lib/timed-deps';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 100_000);
const TARGET_S = 15;
const TARGET_MB = 600;
const PROFILE_ROWS = 2_000;
const WRITE_CHUNKS = 10;

interface BulkRun {
  driver: string;
  seconds: number;
  rowsPerS: number;
  peakRss: number;
  peakHeap: number;
  baselineRss: number;
  stored: number;
  load: string;
  machineBusy: number | undefined;
  txMs: number;
  sealSpanMs: number;
  cpuMs: number;
}

async function runOne(driver: string, database: Database, rows: readonly BulkRowInput[]): Promise<BulkRun> {
  await seedReferenceData(database.db);
  const seller = await usersRepository.upsertByWallet(database.db, realKeypair().address);
  const pool = createSealPool(randomBytes(32));
  onCleanup(`close ${driver} seal pool`, () => pool.close());
  const deps = timedDeps(database, pool);
  (globalThis as { gc?: () => void }).gc?.();
  const rss = rssSampler();
  const busy = machineCpu();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await bulkCreateListings(deps, rows, { userId: seller.id, walletAddress: seller.walletAddress });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const machineBusy = busy();
  const peakRss = rss.stop();
  await pool.close();
  const [count] = await database.query<{ n: number }>('select count(*)::int as n from encrypted_keys');
  if (result.successful !== rows.length)
    console.warn(
      `${driver}: only ${result.successful} of ${rows.length} rows stored; first errors:`,
      result.errors.slice(0, 3),
    );
  return {
    driver,
    seconds: ms / 1000,
    rowsPerS: result.successful / (ms / 1000),
    peakRss,
    peakHeap: rss.peakHeap(),
    baselineRss: rss.baseline,
    stored: count?.n ?? 0,
    load: loadNow(),
    machineBusy,
    txMs: deps.times.txMs,
    sealSpanMs: deps.times.sealSpanMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

/** Single-thread cost per row of each step the workers run, with the bulk code's own functions. */
async function profile(rows: readonly BulkRowInput[], known: Awaited<ReturnType<typeof loadKnownAddresses>>) {
  const sample = rows.slice(0, PROFILE_ROWS);
  const cipher = createVaultCipher(randomBytes(32));
  // Warm up first: the rarity engine builds its word index on first use, and the JIT needs a few rounds.
  for (const r of rows.slice(-50)) {
    const { secretKey } = proveOwnership(r.address, r.privateKey!);
    cipher.encrypt(r.address, secretKey);
    analyzeAddress(r.address, { network: 'solana', pattern: r.pattern, baseValueMultiplier: 1 });
  }
  const keys: Uint8Array[] = [];
  let t = performance.now();
  for (const r of sample) keys.push(proveOwnership(r.address, r.privateKey!).secretKey);
  const prove = (performance.now() - t) / sample.length;
  t = performance.now();
  sample.forEach((r, i) => cipher.encrypt(r.address, keys[i]!));
  const encrypt = (performance.now() - t) / sample.length;
  t = performance.now();
  for (const r of sample) analyzeAddress(r.address, { network: 'solana', pattern: r.pattern, baseValueMultiplier: 1 });
  const rarity = (performance.now() - t) / sample.length;
  keys.forEach((k) => k.fill(0));
  t = performance.now();
  checkBulkRows(rows, known);
  const checksMs = performance.now() - t;
  return { prove, encrypt, rarity, checksMs };
}

export async function benchBulk(): Promise<string> {
  console.log(`bulk: generating ${ROWS} real ed25519 keypairs (not timed)…`);
  const g0 = performance.now();
  const rows = bulkRows(ROWS);
  const genMs = performance.now() - g0;
  const runs: BulkRun[] = [];

  console.log('bulk: PostgreSQL…');
  const pgDb = await createBenchDatabase('bulk');
  const pgDatabase = await openPostgresDatabase(pgDb.url);
  try {
    runs.push(await runOne('PostgreSQL 15 (127.0.0.1)', pgDatabase, rows));
  } finally {
    await pgDatabase.close();
    await pgDb.drop();
  }

  console.log('bulk: PGlite…');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vv_bench_pglite_'));
  const removeDir = onCleanup(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }));
  const lite = await openEmbeddedDatabase(dir);
  let known;
  try {
    runs.push(await runOne('PGlite (temp dir, same process)', lite, rows));
    known = await loadKnownAddresses(lite.db);
  } finally {
    await lite.close();
    await removeDir();
  }

  console.log('bulk: profiling the per-row steps and the write phase alone…');
  const p = await profile(rows, known);
  let write: WritePhase;
  const wDb = await createBenchDatabase('bulkw');
  const wDatabase = await openPostgresDatabase(wDb.url);
  try {
    write = await measureWritePhase(wDatabase, rows, WRITE_CHUNKS);
  } finally {
    await wDatabase.close();
    await wDb.drop();
  }
  const writeAll = (write.txMs / write.rows) * ROWS;
  const perRow = p.prove + p.encrypt + p.rarity;
  const workers = Math.min(availableParallelism(), 8);
  const pgRun = runs[0]!;
  const met = (r: BulkRun) =>
    (r.seconds <= TARGET_S ? 'met' : 'missed') + ' / ' + (r.peakRss < TARGET_MB * 2 ** 20 ? 'met' : 'missed');

  return [
    `Command: \`npm run bench -- bulk\` — ${ROWS.toLocaleString('en')} rows of real ed25519 keypairs (base58 64-byte secrets; half priced, half auto-priced, one in five with a declared prefix pattern) through \`bulkCreateListings\` (chunks of 1,000, seal pool of ${workers} workers started on first use, so worker start-up is inside the figure). Key generation took ${secs(genMs)} and is not part of the figures. Peak RSS is sampled every 100 ms and includes the worker threads, the bench's own copy of the rows${''} and, for PGlite, the database itself.`,
    '',
    table(
      [
        'database',
        'total',
        'rows/s',
        'peak RSS (before the call; growth)',
        'peak main-thread V8 heap',
        'rows stored',
        'target ≤ 15 s / < 600 MB',
        'in transactions',
        'sealing span',
        'process CPU',
        'machine busy',
        'load (1 min) after',
      ],
      runs.map((r) => [
        r.driver,
        `${r.seconds.toFixed(1)} s`,
        Math.round(r.rowsPerS).toLocaleString('en'),
        `${mb(r.peakRss)} (${mb(r.baselineRss)}; +${mb(r.peakRss - r.baselineRss)})`,
        mb(r.peakHeap),
        r.stored.toLocaleString('en'),
        met(r),
        secs(r.txMs),
        secs(r.sealSpanMs),
        secs(r.cpuMs),
        r.machineBusy === undefined ? 'n/a' : `${Math.round(r.machineBusy * 100)}%`,
        r.load,
      ]),
    ),
    '',
    `Per-row cost of the steps the seal workers run, on one thread over ${PROFILE_ROWS.toLocaleString('en')} rows (same functions: \`proveOwnership\`, \`cipher.encrypt\`, \`analyzeAddress\`), and the main thread's \`checkBulkRows\` over all rows:`,
    '',
    table(
      ['step', 'per row', `for ${ROWS.toLocaleString('en')} rows on 1 core`],
      [
        ['key parse + ed25519 derivation (ownership proof)', `${(p.prove * 1000).toFixed(0)} µs`, secs(p.prove * ROWS)],
        ['HKDF + AES-256-GCM encryption', `${(p.encrypt * 1000).toFixed(0)} µs`, secs(p.encrypt * ROWS)],
        ['rarity analysis', `${(p.rarity * 1000).toFixed(0)} µs`, secs(p.rarity * ROWS)],
        [
          '**sealing total**',
          `**${(perRow * 1000).toFixed(0)} µs**`,
          `**${secs(perRow * ROWS)}** (÷ ${workers} cores ≥ ${secs((perRow * ROWS) / workers)})`,
        ],
        ['checkBulkRows (main thread, once)', `${((p.checksMs / ROWS) * 1000).toFixed(1)} µs`, secs(p.checksMs)],
        [
          `PostgreSQL chunk writes alone (${write.rows.toLocaleString('en')} pre-sealed rows, same repository calls, nothing else running in the process)`,
          `${((write.txMs / write.rows) * 1000).toFixed(0)} µs`,
          `${secs(writeAll)} (extrapolated)`,
        ],
        [
          '… of which drizzle building the listings INSERT (main-thread JS)',
          `${((write.buildMs / write.rows) * 1000).toFixed(0)} µs`,
          `${secs((write.buildMs / write.rows) * ROWS)} (extrapolated)`,
        ],
      ],
    ),
    '',
    `Memory: starting the seal pool (${workers} workers, each loading tsx and the rarity engine) and sealing one row added ${mb(write.poolRss)} of RSS by itself.`,
    '',
    `PostgreSQL run: ${secs(pgRun.txMs)} inside chunk transactions (main thread waiting on the database) and ${secs(pgRun.sealSpanMs)} from the first to the last sealed chunk, of ${pgRun.seconds.toFixed(1)} s in all.`,
  ].join('\n');
}
