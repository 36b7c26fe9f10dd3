import pg from 'pg';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { createStreamingReplica, type StreamingReplica } from '../tests/helpers/streaming-replica';
import { onCleanup } from './lib/cleanup';
import { drive, LOAD_COLUMNS, loadCells, type LoadResult } from './lib/load';
import { loadNow, secs } from './lib/machine';
import { adminUrl, createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { realKeypair } from './lib/keypairs';
import { seedListings } from './lib/seed-search';
import { startServer } from './lib/server-process';

const LISTINGS = Number(process.env.BENCH_REPLICA_LISTINGS ?? 200_000);
const SECONDS = Number(process.env.BENCH_REPLICA_SECONDS ?? 20);
const CONNECTIONS = 32;
/** Each setup runs this many times, alternating, so a change in the shared machine's load hits both alike. */
const ROUNDS = Number(process.env.BENCH_REPLICA_ROUNDS ?? 2);
const DEFAULT_PATH = '/api/addresses/search?excludeSold=true&page=1&pageSize=20';
/** pg_stat_database counters reach the view within a second of a backend going idle. */
const STATS_SETTLE_MS = 1_500;

interface Counts {
  primary: number;
  replica: number;
}

/** Transactions each server ran in `database` so far: every statement the app sends outside a transaction is one. */
async function transactions(database: string, replica: StreamingReplica): Promise<Counts> {
  const sql = 'SELECT (xact_commit + xact_rollback)::float8 AS n FROM pg_stat_database WHERE datname = $1';
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const primary = (await client.query<{ n: number }>(sql, [database])).rows[0]?.n ?? 0;
    const [row] = await replica.query<{ n: number }>('postgres', sql, [database]);
    return { primary, replica: row?.n ?? 0 };
  } finally {
    await client.end();
  }
}

async function replicaReady(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const health = (await (await fetch(`${origin}/api/health`)).json()) as { replicas: { state: string }[] };
    if (health.replicas[0]?.state === 'ready') return;
    if (Date.now() > deadline) throw new Error(`the replica is not ready: ${JSON.stringify(health.replicas)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const settle = () => new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : 'n/a');

/**
 * `npm run bench -- replica`: the computed default page (kept answers off,
 * PUBLIC_LISTINGS_MAX_AGE_SECONDS=0, as `search`'s "cache off" runs) against the primary alone, then with one
 * streaming replica of the same cluster on this machine in DATABASE_READ_URLS. Throughput of each, and how the
 * database transactions of each run split between the servers (pg_stat_database on each).
 */
export async function benchReplica(): Promise<string> {
  const db = await createBenchDatabase('replica');
  console.log(`replica: seeding ${LISTINGS.toLocaleString('en')} listings…`);
  const s0 = performance.now();
  const setup = await openPostgresDatabase(db.url, { max: 2 }); // migrates, as the app does at start-up
  await setup.close();
  await seedListings(db.url, LISTINGS, realKeypair().address);
  const seedMs = performance.now() - s0;

  console.log('replica: pg_basebackup and pg_ctl start…');
  const r0 = performance.now();
  const replica = await createStreamingReplica(adminUrl);
  const closeReplica = onCleanup('stop the replica', () => replica.close());
  await replica.caughtUp(300_000);
  const replicaMs = performance.now() - r0;

  const rows: (string | number)[][] = [];
  const results: { label: string; r: LoadResult; counts: Counts }[] = [];
  try {
    const setups = [
      ['primary alone', {}],
      ['primary + 1 replica', { DATABASE_READ_URLS: replica.urlOf(db.name) }],
    ] as const;
    const turns = Array.from({ length: ROUNDS }, (_, i) => setups.map((setup) => [i + 1, ...setup] as const)).flat();
    for (const [round, label, env] of turns) {
      console.log(`replica: round ${round}, ${label}…`);
      const server = await startServer(db.url, { PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0', ...env });
      try {
        if ('DATABASE_READ_URLS' in env) await replicaReady(server.origin);
        await drive(server.origin, [DEFAULT_PATH], 3, CONNECTIONS); // warm-up: connections, caches, plans
        await settle();
        const before = await transactions(db.name, replica);
        const r = await drive(server.origin, [DEFAULT_PATH], SECONDS, CONNECTIONS);
        const load = loadNow();
        await settle();
        const after = await transactions(db.name, replica);
        const counts = { primary: after.primary - before.primary, replica: after.replica - before.replica };
        results.push({ label, r, counts });
        rows.push([
          `${label} (round ${round})`,
          ...loadCells(r, 0, (n) => `${n.toFixed(1)} ms`),
          counts.primary.toLocaleString('en'),
          counts.replica.toLocaleString('en'),
          pct(counts.replica, counts.primary + counts.replica),
          load,
        ]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await closeReplica();
    await db.drop();
  }

  const mean = (label: string) => {
    const of = results.filter((x) => x.label === label);
    return of.reduce((sum, x) => sum + x.r.rps, 0) / Math.max(1, of.length);
  };
  const ratio = (mean('primary + 1 replica') / mean('primary alone')).toFixed(2);
  return [
    `Command: \`npm run bench -- replica\` — ${LISTINGS.toLocaleString('en')} listings seeded in ${secs(seedMs)} (\`search\`'s seeding); a streaming replica of the whole cluster made with \`pg_basebackup -R\` and started with \`pg_ctl\` on a free port in ${secs(replicaMs)} (tests/helpers/streaming-replica.ts: the tests' own replica, \`fsync = off\`). Each setup: the server as a child process with kept answers off (\`PUBLIC_LISTINGS_MAX_AGE_SECONDS=0\`), so every request computes \`${DEFAULT_PATH}\`; 3 s warm-up, then ${SECONDS} s at ${CONNECTIONS} connections; the two setups alternate for ${ROUNDS} rounds. Transactions are each server's \`pg_stat_database\` count for the bench database during the measured run (every statement the app sends outside a transaction is one; the replica checks and the server's background jobs are in them too).`,
    '',
    table(
      ['setup', ...LOAD_COLUMNS, 'transactions on the primary', 'on the replica', "replica's share", 'load (1 min)'],
      rows,
    ),
    '',
    `With the replica: ${ratio}× the primary-alone throughput (mean of the rounds). Primary, replica, server and load generator share this machine's cores, so the total cannot grow much here; what the run shows is the reads moving to the replica. On separate machines each replica adds its own CPU for them.`,
  ].join('\n');
}
