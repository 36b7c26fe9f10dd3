import pg from 'pg';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { realKeypair } from './lib/keypairs';
import { drive, type LoadResult } from './lib/load';
import { loadNow, secs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { seedListings, type SeedTimes } from './lib/seed-search';
import { startServer } from './lib/server-process';

const LISTINGS = Number(process.env.BENCH_SEARCH_LISTINGS ?? 10_000_000);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
/**
 * A database already seeded by this scenario (or by hand with `seedListings`), used as it is and not dropped:
 * seeding 10M listings takes minutes, and an index experiment wants the same table each time.
 */
const REUSE_URL = process.env.BENCH_SEARCH_DATABASE_URL;
const CONNECTIONS = [1, 4];
/**
 * Only these kinds (comma list of `Kind.key`), all when unset: an index experiment on the anchored reads need not
 * wait for the substring runs (nor a database seeded with the trigram indexes, 18 of the seed's minutes).
 */
const ONLY = process.env.BENCH_SEARCH_KINDS?.split(',').map((k) => k.trim());
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Every string of `length` base58 characters, in a fixed shuffled order (Park–Miller), so none repeats in a run. */
function shuffled(length: number): string[] {
  let all = [''];
  for (let i = 0; i < length; i++) all = all.flatMap((s) => [...ALPHABET].map((c) => s + c));
  let seed = length;
  for (let i = all.length - 1; i > 0; i--) {
    seed = (seed * 48271) % 2147483647;
    const j = seed % (i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

interface Kind {
  key: 'prefix' | 'suffix' | 'substring' | 'short1' | 'short2';
  name: string;
  /** The p95 target for the first page and its (capped) total, in ms. */
  targetMs: number;
  /** Queries (the part after `?` before the fixed fields), distinct, in the order they are sent. */
  queries: string[];
}

function kinds(): Kind[] {
  const three = shuffled(3);
  const [one, two] = [shuffled(1), shuffled(2)];
  const all: Kind[] = [
    {
      key: 'prefix',
      name: 'prefix (3 characters, position=start)',
      targetMs: 10,
      queries: three.map((q) => `query=${q}&position=start`),
    },
    {
      key: 'suffix',
      name: 'suffix (3 characters, position=end)',
      targetMs: 10,
      queries: three.map((q) => `query=${q}&position=end`),
    },
    {
      key: 'substring',
      name: 'substring (3 characters, anywhere)',
      targetMs: 50,
      queries: three.map((q) => `query=${q}`),
    },
    {
      key: 'short1',
      name: '1 character anchored (start or end)',
      targetMs: 100,
      queries: one.flatMap((q) => [`query=${q}&position=start`, `query=${q}&position=end`]),
    },
    { key: 'short2', name: '2 characters anywhere', targetMs: 100, queries: two.map((q) => `query=${q}`) },
  ];
  return all.filter((kind) => ONLY === undefined || ONLY.includes(kind.key));
}

const path = (q: string) => `/api/addresses/search?${q}&excludeSold=true&page=1&pageSize=20`;
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'none answered');

/**
 * Waits (at most 2 minutes) until nothing runs on the database but this wait: the server's start-up jobs (the
 * hourly market trends aggregate the whole table, up to the 15 s statement timeout at 10M listings) would
 * otherwise share the first runs' cores. Returns how long it waited.
 */
async function quiet(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  try {
    for (let calm = 0; calm < 3 && performance.now() - t0 < 120_000;) {
      await new Promise((r) => setTimeout(r, 1_000));
      const { rows } = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      calm = rows[0]!.n === 0 ? calm + 1 : 0;
    }
  } finally {
    await c.end();
  }
  return performance.now() - t0;
}

interface Run {
  kind: Kind;
  connections: number;
  r: LoadResult;
  load: string;
}

/**
 * `npm run bench -- search-10m`: search at BENCH_SEARCH_LISTINGS (10M) listings through the real server
 * with every answer computed (kept answers and kept totals off), a different query on every request, at 1 and 4
 * connections, against each kind's target. Only this: the load scenarios of `search` would take hours at 10M.
 */
export async function benchSearch10m(): Promise<string> {
  let url = REUSE_URL;
  let seeded: SeedTimes | undefined;
  let seedMs = 0;
  const db = url === undefined ? await createBenchDatabase('search10m') : undefined;
  try {
    if (db) {
      url = db.url;
      console.log(`search-10m: migrating and seeding ${LISTINGS.toLocaleString('en')} listings…`);
      const setup = await openPostgresDatabase(db.url, { max: 1 });
      await setup.close();
      const t0 = performance.now();
      seeded = await seedListings(db.url, LISTINGS, realKeypair().address);
      seedMs = performance.now() - t0;
    } else {
      // The reused database gets this branch's migrations (an index added since it was seeded).
      const setup = await openPostgresDatabase(url!, { max: 1 });
      await setup.close();
    }
    const server = await startServer(url!, {
      PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0',
      LISTING_TOTALS_MAX_AGE_SECONDS: '0',
    });
    const runs: Run[] = [];
    const samples: string[] = [];
    let waited = 0;
    try {
      waited = await quiet(url!);
      for (const kind of kinds()) {
        const paths = kind.queries.map(path);
        const sample = await fetch(`${server.origin}${paths[paths.length - 1]!}`).then(
          (r) => r.json() as Promise<{ addresses: unknown[]; pagination: { total: number; totalExact: boolean } }>,
        );
        samples.push(
          `\`${kind.queries[kind.queries.length - 1]}\`: ${sample.addresses.length} listings of ${sample.pagination.total.toLocaleString('en')}${sample.pagination.totalExact ? '' : '+'}`,
        );
        for (const connections of CONNECTIONS) {
          console.log(`search-10m: ${kind.name} at ${connections} connection(s)…`);
          // The warm-up sends the list's second half, the run its first: no query of the run was asked before.
          const half = Math.floor(paths.length / 2);
          await drive(server.origin, paths.slice(half), 2, connections);
          const r = await drive(server.origin, paths.slice(0, half), SECONDS, connections);
          runs.push({ kind, connections, r, load: loadNow() });
        }
      }
    } finally {
      await server.stop();
    }
    const reused = `BENCH_SEARCH_DATABASE_URL=… `;
    return [
      `Command: \`${db ? '' : reused}${ONLY ? `BENCH_SEARCH_KINDS=${ONLY.join(',')} ` : ''}${LISTINGS === 10_000_000 ? '' : `BENCH_SEARCH_LISTINGS=${LISTINGS} `}npm run bench -- search-10m\` — ${
        seeded
          ? `${LISTINGS.toLocaleString('en')} listings seeded with SQL in ${secs(seedMs)} (rows ${secs(seeded.insertMs)}, indexes ${secs(seeded.indexesMs)}, VACUUM ANALYZE ${secs(seeded.vacuumMs)})`
          : 'a database seeded earlier by `seedListings` (`BENCH_SEARCH_DATABASE_URL`), migrated to this branch'
      }; the real server (PostgreSQL, child process; its start-up jobs let finish first, ${secs(waited)}) with kept answers and kept totals off (\`PUBLIC_LISTINGS_MAX_AGE_SECONDS=0\`, \`LISTING_TOTALS_MAX_AGE_SECONDS=0\`), so every request reads its first page and counts its (capped) total; autocannon for ${SECONDS} s after a 2 s warm-up on other queries of the same kind; a different query on every request (1-character: the 58 characters × start/end, taken in turn). The load generator, the server and PostgreSQL share the same 2 cores with other engineers' work: see the load average (1 min) beside each run. Samples: ${samples.join('; ')}.`,
      '',
      table(
        ['kind', 'connections', 'requests/s', 'p50', 'p95', 'p99', 'non-2xx', 'target (p95)', '', 'load'],
        runs.map(({ kind, connections, r, load }) => [
          kind.name,
          connections,
          r.rps.toFixed(0),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          r.non2xx + r.errors,
          `≤ ${kind.targetMs} ms`,
          r.p95 <= kind.targetMs && r.non2xx + r.errors === 0 ? 'met' : '**missed**',
          load,
        ]),
      ),
    ].join('\n');
  } finally {
    await db?.drop();
  }
}
