import { availableParallelism } from 'node:os';
import pg from 'pg';
import type { BulkCreateResponse } from '@shared/api/listings';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { measureSteps, measureWritePhase, type MainThreadCosts, type WritePhase } from './lib/bulk-phases';
import {
  adminWallet,
  bulkUpload,
  checkAnswer,
  listPrelisted,
  cpuMs,
  resetPeakRss,
  rssOf,
  signInOverHttp,
  threadCpu,
  type BulkUpload,
} from './lib/bulk-upload';
import { loadNow, machineCpu, mb, secs } from './lib/machine';
import { adminUrl, createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { startServer } from './lib/server-process';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 100_000);
/** Groups of eight bad lines (one of each kind): 40 groups = 320 bad lines in 100,000. */
const BAD_GROUPS = Number(process.env.BENCH_BULK_BAD_GROUPS ?? Math.max(1, Math.round(ROWS / 2_500)));
const DRIVERS = (process.env.BENCH_BULK_DRIVERS ?? 'postgres,pglite').split(',');
const TARGET_S = 15;
const TARGET_MB = 600;
const PROFILE_ROWS = 2_000;
const WRITE_CHUNKS = 10;

interface HttpRun {
  driver: string;
  seconds: number;
  peakRss: number;
  baselineRss: number;
  serverCpuMs: number;
  /** Of which: the main thread, the seal workers, and V8's helper threads (garbage collection, compilation). */
  mainThreadCpuMs: number;
  workersCpuMs: number;
  v8HelpersCpuMs: number;
  backendCpuMs: number | undefined;
  machineBusy: number | undefined;
  load: string;
  stored: number | undefined;
  verdict: string[];
}

/** Sums the CPU of the PostgreSQL backends serving `dbName` (those alive at the end; new ones count in full). */
async function backendCpu(dbName: string): Promise<() => Promise<number>> {
  const pids = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]);
      return r.rows.map((row) => row.pid);
    } finally {
      await c.end();
    }
  };
  const start = new Map((await pids()).map((p) => [p, cpuMs(p)]));
  return async () => (await pids()).reduce((sum, p) => sum + cpuMs(p) - (start.get(p) ?? 0), 0);
}

/** One upload to the real server (child process) over loopback HTTP, the way the browser sends it. */
async function runOverHttp(driver: string, upload: BulkUpload, payload: string): Promise<HttpRun> {
  const benchDb = driver === 'postgres' ? await createBenchDatabase('bulk') : undefined;
  const admin = await adminWallet();
  const server = await startServer(benchDb?.url ?? '', { ADMIN_WALLETS: admin.address });
  try {
    const cookie = await signInOverHttp(server.origin, admin.keys);
    const headers = { cookie, 'content-type': 'application/json' };
    await listPrelisted(server.origin, headers, upload);
    await new Promise((r) => setTimeout(r, 1_000));
    const backend = benchDb ? await backendCpu(benchDb.name) : undefined;
    resetPeakRss(server.pid);
    const baselineRss = rssOf(server.pid).rss;
    const cpu0 = cpuMs(server.pid);
    const threads0 = threadCpu(server.pid);
    const busy = machineCpu();
    const t0 = performance.now();
    const res = await fetch(`${server.origin}/api/bulk-create-listings`, { method: 'POST', headers, body: payload });
    const text = await res.text();
    const ms = performance.now() - t0;
    const machineBusy = busy();
    const serverCpuMs = cpuMs(server.pid) - cpu0;
    const mainThreadCpuMs = cpuMs(server.pid, server.pid) - (threads0.get(server.pid)?.ms ?? 0);
    const byName = new Map<string, number>();
    for (const [tid, t] of threadCpu(server.pid)) {
      if (tid === server.pid) continue;
      byName.set(t.name, (byName.get(t.name) ?? 0) + t.ms - (threads0.get(tid)?.ms ?? 0));
    }
    const backendCpuMs = await backend?.();
    const peakRss = rssOf(server.pid).peak;
    if (res.status !== 200) throw new Error(`${driver}: the upload answered ${res.status} ${text.slice(0, 300)}`);
    const verdict = checkAnswer(JSON.parse(text) as BulkCreateResponse, upload);
    let storedRows: number | undefined;
    if (benchDb) {
      const database = await openPostgresDatabase(benchDb.url, { max: 1 });
      const listed = await database.query<{ address: string; keyed: boolean }>(
        `select a.address, exists (select 1 from encrypted_keys k where k.address_id = a.id) as keyed
         from addresses a join users u on u.id = a.seller_id where u.wallet_address = $1`,
        [admin.address],
      );
      await database.close();
      const prelisted = new Set(upload.prelisted.map((kp) => kp.address));
      const stored = listed.filter((r) => !prelisted.has(r.address));
      storedRows = stored.length;
      if (stored.length !== upload.good.size || stored.some((r) => !upload.good.has(r.address)))
        verdict.push(`${stored.length} rows in the database, not exactly the good ones`);
      if (listed.some((r) => !r.keyed)) verdict.push('a listing without its key');
    }
    return {
      driver,
      seconds: ms / 1000,
      peakRss,
      baselineRss,
      serverCpuMs,
      mainThreadCpuMs,
      // Thread names as Linux shows them: Node names worker threads "WorkerThread", V8's pool "V8Worker".
      workersCpuMs: byName.get('WorkerThread') ?? 0,
      v8HelpersCpuMs: byName.get('V8Worker') ?? 0,
      backendCpuMs,
      machineBusy,
      load: loadNow(),
      stored: storedRows,
      verdict,
    };
  } finally {
    await server.stop();
    await benchDb?.drop();
  }
}

const us = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} µs`;

export async function benchBulk(): Promise<string> {
  console.log(`bulk: generating ${ROWS} lines with real ed25519 keypairs (not timed)…`);
  const g0 = performance.now();
  const upload = bulkUpload(ROWS, BAD_GROUPS);
  const payload = JSON.stringify({ addressData: upload.rows });
  const genMs = performance.now() - g0;

  const runs: HttpRun[] = [];
  for (const driver of DRIVERS) {
    console.log(`bulk: ${driver}…`);
    runs.push(await runOverHttp(driver, upload, payload));
  }

  console.log('bulk: per-row costs of each step, and the write phase alone…');
  const wDb = await createBenchDatabase('bulkw');
  let steps: MainThreadCosts;
  let write: WritePhase;
  const wDatabase = await openPostgresDatabase(wDb.url, { max: 1 });
  try {
    steps = await measureSteps(wDatabase, payload, upload.rows, PROFILE_ROWS);
    write = await measureWritePhase(wDatabase, upload.rows, WRITE_CHUNKS);
  } finally {
    await wDatabase.close();
    await wDb.drop();
  }
  const perRow = (ms: number, rows: number) => (ms * 1000) / rows;
  const workers = Math.min(availableParallelism(), 8);
  const met = (r: HttpRun) =>
    (r.seconds <= TARGET_S ? 'met' : 'missed') + ' / ' + (r.peakRss < TARGET_MB * 2 ** 20 ? 'met' : 'missed');
  const cpuRows: [string, number][] = [
    ['request: JSON.parse + zod validation (main thread)', steps.parseUs],
    ['checks: address, price, duplicates in the batch, look-alikes (main thread)', steps.checksUs],
    ['seal: ownership proof (base58 decode, ed25519 derivation, byte compare)', steps.proveUs],
    ['seal: HKDF + AES-256-GCM', steps.encryptUs],
    ['seal: rarity analysis', steps.rarityUs],
    ['**seal: whole `sealChunk`** (the above, auto-price, listing columns; workers)', steps.sealUs],
    ['sealed chunk handed to the main thread (structured clone)', steps.transferUs],
    ['write: parameters + driver (main thread)', perRow(write.nodeCpuMs, write.rows)],
    [
      'write: PostgreSQL backend (two unnest INSERTs, their indexes, commit; the final merge of the trigram index)',
      perRow(write.backendCpuMs, write.rows),
    ],
    ['reply: zod serialisation + JSON.stringify (main thread)', steps.replyUs],
  ];
  const cpuTotal = cpuRows.filter(([name]) => !name.startsWith('seal: ')).reduce((s, [, v]) => s + v, 0);

  return [
    `Command: \`npm run bench -- bulk\` (\`BENCH_BULK_ROWS\`, \`BENCH_BULK_DRIVERS=postgres,pglite\` to change) — ${ROWS.toLocaleString('en')} lines, ${upload.bad.size} of them bad (${BAD_GROUPS} groups of: not base58, no key, another address's key, price 0, a duplicate line, an address listed already, a look-alike, platform ethereum), the rest real ed25519 keypairs (base58 64-byte secrets; half priced, half auto-priced, one in five with a declared prefix). One \`POST /api/bulk-create-listings\` to the real server (\`src/server/main.ts\` as a child process, loopback HTTP, ${workers} seal workers started by the request), timed from sending the ${mb(payload.length)} body to the last byte of the answer. Generating the keys took ${secs(genMs)}, not timed. Peak RSS is the server process's own high-water mark (VmHWM, reset just before the request), worker threads included; for PGlite the database lives in that process too. Each run is checked: exactly the good rows stored (and each with its key), every bad line reported with its reason. The account-safety check is on (docs/domain.md#account-safety-checks): every row's \`system-owned\` fact is read from the server's local validator with \`getMultipleAccounts\` over loopback JSON-RPC, 100 addresses per call, 2 calls in flight per chunk of 1,000 rows, checked ahead of the chunk being written.`,
    '',
    table(
      [
        'database',
        'total',
        'rows/s',
        'peak RSS (before; growth)',
        'target ≤ 15 s / < 600 MB',
        'server CPU: all (main thread / seal workers / V8 helpers)',
        'PostgreSQL backends CPU',
        'machine busy',
        'load (1 min) after',
        'checked',
      ],
      runs.map((r) => [
        r.driver === 'postgres' ? 'PostgreSQL 15 (127.0.0.1)' : 'PGlite (in the server process)',
        `${r.seconds.toFixed(1)} s`,
        Math.round(upload.good.size / r.seconds).toLocaleString('en'),
        `${mb(r.peakRss)} (${mb(r.baselineRss)}; +${mb(r.peakRss - r.baselineRss)})`,
        met(r),
        `${secs(r.serverCpuMs)} (${secs(r.mainThreadCpuMs)} / ${secs(r.workersCpuMs)} / ${secs(r.v8HelpersCpuMs)})`,
        r.backendCpuMs === undefined ? 'in the server' : secs(r.backendCpuMs),
        r.machineBusy === undefined ? 'n/a' : `${Math.round(r.machineBusy * 100)}%`,
        r.load,
        r.verdict.length === 0 ? `ok${r.stored === undefined ? ' (answer only)' : ''}` : r.verdict.join('; '),
      ]),
    ),
    '',
    `CPU per row of each step on one thread (same functions; seal steps over ${PROFILE_ROWS.toLocaleString('en')} rows after a warm-up, the write phase over ${write.rows.toLocaleString('en')} pre-sealed rows written by the service's own \`writeChunk\` into an empty table on one PostgreSQL connection, its backend's CPU read from /proc; the database's cost per row grows with the table, so the real upload's backends cost more, see above). Worker start-up and garbage collection come on top, so on ${availableParallelism()} cores half the sum is a lower bound:`,
    '',
    table(
      ['step', 'CPU per row', `for ${ROWS.toLocaleString('en')} rows`],
      [
        ...cpuRows.map(([name, v]) => [name, us(v), secs((v * ROWS) / 1000)]),
        [
          '**sum** (whole seal counted once)',
          `**${us(cpuTotal)}**`,
          `**${secs((cpuTotal * ROWS) / 1000)}** (÷ ${availableParallelism()} cores = ${secs((cpuTotal * ROWS) / 1000 / availableParallelism())})`,
        ],
      ],
    ),
    '',
    `Write phase alone: ${secs(write.wallMs)} wall for ${write.rows.toLocaleString('en')} rows (${us(perRow(write.wallMs, write.rows))} per row) while the machine's load average was ${loadNow()}.`,
  ].join('\n');
}
