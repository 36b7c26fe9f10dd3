import { eq, sql } from 'drizzle-orm';
import { searchListingsQuerySchema } from '@shared/api/listings';
import type { Database } from '@server/db/database';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { addresses, users } from '@server/db/schema';
import { listingColumns } from '@server/modules/listings/listings.repository';
import { searchFilter } from '@server/modules/listings/read-filters';
import { realKeypair } from './lib/keypairs';
import { drive, type LoadResult } from './lib/load';
import { loadNow, secs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { seedListings } from './lib/seed-search';
import { startServer } from './lib/server-process';

const LISTINGS = Number(process.env.BENCH_SEARCH_LISTINGS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
const CONNECTIONS = 32;
const SOLO_SECONDS = 10;
const TARGET_P95_MS = 20;
const SUBSTRINGS = [
  'sol',
  'moon',
  'pump',
  'dog',
  'cat',
  'king',
  'ape',
  'abc',
  'xyz',
  '777',
  'bonk',
  'defi',
  'nft',
  'bull',
  'bear',
  'gem',
  'zzz',
  '1234',
  'fox',
  'hero',
  'meme',
  'wif',
  'jup',
  'ray',
];
const DEFAULT_PATH = '/api/addresses/search?excludeSold=true&page=1&pageSize=20';
const queryPath = (q: string) => `/api/addresses/search?query=${q}&excludeSold=true&page=1&pageSize=20`;

/** The two statements `listingsRepository.page` sends for a search, built by the route's own filter code. */
function searchStatements(database: Database, query: string | undefined) {
  const f = searchFilter(
    searchListingsQuerySchema.parse({ excludeSold: 'true', page: '1', pageSize: '20', ...(query ? { query } : {}) }),
  );
  const page = database.db
    .select(listingColumns)
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.sellerId))
    .where(f.where)
    .orderBy(...f.orderBy)
    .limit(f.limit)
    .offset(f.offset)
    .toSQL();
  const count = database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(f.where)
    .toSQL();
  return { page, count };
}

async function medianMs(database: Database, stmt: { sql: string; params: unknown[] }, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await database.query(stmt.sql, stmt.params);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function explain(database: Database, stmt: { sql: string; params: unknown[] }): Promise<string> {
  const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${stmt.sql}`, stmt.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Waits (at most 3 minutes) until a search request answers: the server has worked through its backlog. */
async function drain(origin: string): Promise<void> {
  await fetch(`${origin}${DEFAULT_PATH}`, { signal: AbortSignal.timeout(180_000) })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
}

const fmt = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'none answered within the run');

export async function benchSearch(): Promise<string> {
  const db = await createBenchDatabase('search');
  try {
    console.log(`search: migrating and seeding ${LISTINGS.toLocaleString('en')} listings…`);
    const setup = await openPostgresDatabase(db.url, { max: 2 });
    const s0 = performance.now();
    try {
      await seedListings(db.url, LISTINGS, realKeypair().address);
    } catch (err) {
      await setup.close();
      throw err;
    }
    const seedMs = performance.now() - s0;

    console.log('search: starting the server (child process)…');
    const server = await startServer(db.url);
    const runs: { name: string; connections: number; load: string; r: LoadResult }[] = [];
    let sample = '';
    try {
      const first = await fetch(`${server.origin}${DEFAULT_PATH}`).then(
        (r) => r.json() as Promise<{ pagination: { total: number }; addresses: unknown[] }>,
      );
      sample = `default page answered ${first.addresses.length} listings of total ${first.pagination.total.toLocaleString('en')}`;
      const scenarios: [string, string[]][] = [
        [`(a) default page \`${DEFAULT_PATH}\``, [DEFAULT_PATH]],
        [
          `(b) substring \`query=\` over ${SUBSTRINGS.length} 3–4 character strings in turn (${SUBSTRINGS.join(', ')})`,
          SUBSTRINGS.map(queryPath),
        ],
      ];
      // One connection first (the service time of a request with nothing queued in front of it), then 32. After
      // each run the server is drained: requests autocannon gave up on still hold database connections.
      for (const connections of [1, CONNECTIONS]) {
        for (const [name, paths] of scenarios) {
          const seconds = connections === 1 ? SOLO_SECONDS : SECONDS;
          console.log(`search: ${name}: 3 s warm-up, then ${seconds} s at ${connections} connection(s)…`);
          await drive(server.origin, paths, 3, connections);
          await drain(server.origin);
          const r = await drive(server.origin, paths, seconds, connections);
          runs.push({ name, connections, load: loadNow(), r });
          await drain(server.origin);
        }
      }
    } finally {
      await server.stop();
    }

    console.log("search: EXPLAIN ANALYZE of the route's statements…");
    const plans: string[] = [];
    const timings: (string | number)[][] = [];
    const candidate: (string | number)[][] = [];
    try {
      for (const q of [undefined, 'sol', 'moon']) {
        const { page, count } = searchStatements(setup, q);
        const label = q ? `query=${q}` : 'default page';
        timings.push([label, fmt(await medianMs(setup, page)), fmt(await medianMs(setup, count))]);
        plans.push(`#### ${label}: page query\n\n\`\`\`\n${page.sql}\n\n${await explain(setup, page)}\n\`\`\`\n`);
        plans.push(`#### ${label}: count query\n\n\`\`\`\n${count.sql}\n\n${await explain(setup, count)}\n\`\`\`\n`);
      }
      console.log('search: re-timing with two candidate indexes (scratch database only)…');
      await setup.query('CREATE INDEX bench_pattern_trgm_idx ON addresses USING gin (pattern gin_trgm_ops)');
      await setup.query(
        "CREATE INDEX bench_open_created_idx ON addresses (created_at DESC, id) WHERE is_listed AND status <> 'deleted' AND status <> 'sold'",
      );
      await setup.query('ANALYZE addresses');
      for (const q of [undefined, 'sol', 'moon']) {
        const { page, count } = searchStatements(setup, q);
        const label = q ? `query=${q}` : 'default page';
        candidate.push([label, fmt(await medianMs(setup, page)), fmt(await medianMs(setup, count))]);
        if (q === 'sol' || !q)
          plans.push(
            `#### with the candidate indexes, ${label}: page query\n\n\`\`\`\n${await explain(setup, page)}\n\`\`\`\n`,
          );
      }
    } finally {
      await setup.close();
    }

    return [
      `Command: \`npm run bench -- search\` — ${LISTINGS.toLocaleString('en')} listings seeded with SQL in ${secs(seedMs)} (indexes rebuilt, ANALYZE), the real server (\`src/server/main.ts\`, PostgreSQL, child process) on loopback, autocannon in the bench process at ${CONNECTIONS} connections for ${SECONDS} s after a 3 s warm-up. The load generator, the server and PostgreSQL share the same 2 cores. Sanity check: ${sample}.`,
      '',
      table(
        [
          'scenario',
          'connections',
          'requests/s',
          'p50',
          'p95',
          'p99',
          'max',
          'requests',
          'non-2xx',
          'errors (timeouts)',
          `p95 ≤ ${TARGET_P95_MS} ms`,
          'load (1 min) after',
        ],
        runs.map(({ name, connections, load, r }) => [
          name,
          connections,
          r.rps.toFixed(1),
          fmt(r.p50),
          fmt(r.p95),
          fmt(r.p99),
          fmt(r.max),
          r.requests.toLocaleString('en'),
          r.non2xx,
          `${r.errors} (${r.timeouts})`,
          r.p95 <= TARGET_P95_MS ? 'met' : 'missed',
          load,
        ]),
      ),
      '',
      "The statements the route runs (`listingsRepository.page`: the page, then `count(*)` for `total`), built with the route's own `searchFilter`; median of 5 runs each, one at a time, after the load:",
      '',
      table(['search', 'page query', 'count query'], timings),
      '',
      "The same statements after adding, on the scratch database only, a trigram index on `pattern` (`gin (pattern gin_trgm_ops)`) and a partial index matching the default listing (`(created_at DESC, id) WHERE is_listed AND status <> 'deleted' AND status <> 'sold'`):",
      '',
      table(['search', 'page query', 'count query'], candidate),
      '',
      '<details><summary>EXPLAIN (ANALYZE, BUFFERS) of each statement</summary>',
      '',
      ...plans,
      '</details>',
    ].join('\n');
  } finally {
    await db.drop();
  }
}
