import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchListingsQuerySchema } from '@shared/api/listings';
import type { Database } from '@server/db/database';
import { openPostgresDatabase } from '@server/db/open-postgres';
import * as schema from '@server/db/schema';
import { createKeptTotals } from '@server/modules/listings/kept-totals';
import { pageListings, pageStatements } from '@server/modules/listings/listing-page.repository';
import { listingsRepository } from '@server/modules/listings/listings.repository';
import { searchFilter } from '@server/modules/listings/read-filters';
import { readMarketStats } from '@server/modules/market';
import { HttpWallet } from './lib/http-client';
import { realKeypair } from './lib/keypairs';
import { drive, LOAD_COLUMNS, loadCells, type LoadRequest, type LoadResult } from './lib/load';
import { startMinimalServer, type MinimalStatements } from './lib/minimal-search-server';
import { pgbench, type PgbenchResult } from './lib/pgbench';
import { loadNow, secs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { seedListings } from './lib/seed-search';
import { freePort } from '../tests/helpers/server-process';
import { startServer } from './lib/server-process';

const LISTINGS = Number(process.env.BENCH_SEARCH_LISTINGS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 20);
const CONNECTIONS = 32;
const SOLO_SECONDS = 10;
const TARGET_P95_MS = 20;
/** The 2026-11-25 'now' (200k listings, 32 connections, a signed-in cookie, so computed): the ×2 targets' base. */
const ISSUE_NOW_RPS = { default: 700, substring: 311 };
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
/**
 * Text too short for a trigram, found by walking the sort index: one character anchored (every base58
 * character a visitor might start or end with), two anywhere (the demo shop's 2-character patterns and others).
 */
const SHORT_QUERIES = [
  ...['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'z', 'x'].map((q) => `query=${q}&position=start`),
  ...['A', 'z', '9', 'k', 'M', 'q'].map((q) => `query=${q}&position=end`),
  ...['69', '42', '99', '77', 'ab', 'Go', 'Zz', 'xx'].map((q) => `query=${q}`),
];
const DEFAULT_PATH = '/api/addresses/search?excludeSold=true&page=1&pageSize=20';
const queryPath = (q: string) => `/api/addresses/search?query=${q}&excludeSold=true&page=1&pageSize=20`;
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Every 3-character base58 string, in a fixed shuffled order: far more than a run sends, so none repeats in it. */
function distinctSubstrings(): string[] {
  const all: string[] = [];
  for (const a of ALPHABET) for (const b of ALPHABET) for (const c of ALPHABET) all.push(a + b + c);
  let seed = 1;
  for (let i = all.length - 1; i > 0; i--) {
    seed = (seed * 48271) % 2147483647; // Park–Miller: the same order every run
    const j = seed % (i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

interface Scenario {
  name: string;
  /** Which of the comparisons the run belongs to. */
  kind: 'default' | 'substring' | 'distinct' | 'short';
  paths: string[];
}

/**
 * The server as deployed (search answers kept for 1 s for every caller, `public-read-cache.ts`), then with that
 * cache off: what a question nobody asked in the last second costs. Capped totals stay kept in both
 * (`kept-totals.ts`): they are part of how a page is computed, not a cached answer.
 */
function scenarios(): Scenario[] {
  return [
    { name: `(a) default page \`${DEFAULT_PATH}\``, kind: 'default', paths: [DEFAULT_PATH] },
    {
      name: `(b) substring \`query=\` over ${SUBSTRINGS.length} 3–4 character strings in turn (${SUBSTRINGS.join(', ')})`,
      kind: 'substring',
      paths: SUBSTRINGS.map(queryPath),
    },
    {
      name: '(c) substring, a different 3-character base58 string on every request (no answer ever reused)',
      kind: 'distinct',
      paths: distinctSubstrings().map(queryPath),
    },
    {
      name: `(d) short text: ${SHORT_QUERIES.length} in turn, 1 character starts/ends with, 2 anywhere (${SHORT_QUERIES.map((q) => `\`${q}\``).join(', ')})`,
      kind: 'short',
      paths: SHORT_QUERIES.map((q) => `/api/addresses/search?${q}&excludeSold=true&page=1&pageSize=20`),
    },
  ];
}

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The statements one read sends, exactly: `read` runs against a drizzle instance whose logger records every
 * query (sql and parameters) instead of re-building them here, so the plans below are the route's own.
 */
async function statementsOf(pool: pg.Pool, read: (db: Database['db']) => Promise<unknown>): Promise<Statement[]> {
  const sent: Statement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  });
  await read(db as unknown as Database['db']);
  return sent;
}

const search = (extra: Record<string, string>) =>
  searchFilter(searchListingsQuerySchema.parse({ excludeSold: 'true', page: '1', pageSize: '20', ...extra }));

/** A read made twice with the same kept totals: the second call's statements are those of a total kept. */
const twice = (extra: Record<string, string>) => async (db: Database['db']) => {
  const totals = createKeptTotals(60_000);
  await pageListings(db, search(extra), totals);
  return pageListings(db, search(extra), totals);
};

/** Each read the load benchmark makes at 1M listings, with what its statements should be served by. */
function reads(sampleAddress: string): [string, (db: Database['db']) => Promise<unknown>][] {
  return [
    ['search: default page', (db) => pageListings(db, search({}))],
    ['search: default page, total kept (2nd call)', twice({})],
    ['search: query=111, total kept (2nd call)', twice({ query: '111' })],
    ['search: excludeSold=false', (db) => pageListings(db, search({ excludeSold: 'false' }))],
    ['search: price asc, page 5', (db) => pageListings(db, search({ sortBy: 'price', sortOrder: 'asc', page: '5' }))],
    ['search: rarity desc', (db) => pageListings(db, search({ sortBy: 'rarityScore' }))],
    ['search: query=sol', (db) => pageListings(db, search({ query: 'sol' }))],
    ['search: query=moon', (db) => pageListings(db, search({ query: 'moon' }))],
    ['search: query=zzz', (db) => pageListings(db, search({ query: 'zzz' }))],
    // Matches every address with a 1 in it: the common-substring path (capped count, then the ordered page).
    [
      'search: query=111 (one of the commonest 3-character substrings)',
      (db) => pageListings(db, search({ query: '111' })),
    ],
    ...filterReads(),
    ...shortReads(),
    ['featured', (db) => listingsRepository.featured(db, 24)],
    ['by-address', (db) => listingsRepository.findByAddress(db, sampleAddress)],
    ['market-stats', (db) => readMarketStats(db)],
  ];
}

/** The marketplace's filters, one at a time and combined, each with the sort it is most likely asked with. */
export function filterReads(): [string, (db: Database['db']) => Promise<unknown>][] {
  const read = (extra: Record<string, string>) => (db: Database['db']) => pageListings(db, search(extra));
  return [
    ['filter: query=sol position=start', read({ query: 'sol', position: 'start' })],
    ['filter: query=sol position=end', read({ query: 'sol', position: 'end' })],
    ['filter: category=palindrome (1 in 30)', read({ category: 'palindrome' })],
    ['filter: category=custom (4 in 5)', read({ category: 'custom' })],
    ['filter: minLength=7 (1 in 25), price asc', read({ minLength: '7', sortBy: 'price', sortOrder: 'asc' })],
    [
      'filter: price 10–10.5 SOL, price asc',
      read({ minPrice: '10', maxPrice: '10.5', sortBy: 'price', sortOrder: 'asc' }),
    ],
    ['filter: price 10–20 SOL (1 in 10)', read({ minPrice: '10', maxPrice: '20' })],
    ['filter: tier=elite (1 in 10), rarity desc', read({ tier: 'elite', sortBy: 'rarityScore' })],
    ['filter: tier=elite, newest first', read({ tier: 'elite' })],
    [
      'filter: category=word-like + minLength=5 + price ≤ 20 + query=abc',
      read({ category: 'word-like', minLength: '5', maxPrice: '20', query: 'abc' }),
    ],
  ];
}

/** Short search text: read in sort order, counted as far as the page buttons need. */
export function shortReads(): [string, (db: Database['db']) => Promise<unknown>][] {
  const read = (extra: Record<string, string>) => (db: Database['db']) => pageListings(db, search(extra));
  return [
    ['short: query=A position=start (1 character)', read({ query: 'A', position: 'start' })],
    ['short: query=z position=end (1 character)', read({ query: 'z', position: 'end' })],
    ['short: query=69 anywhere (2 characters)', read({ query: '69' })],
    [
      'short: query=Go anywhere, price asc, page 5',
      read({ query: 'Go', sortBy: 'price', sortOrder: 'asc', page: '5' }),
    ],
    ['short: query=0 position=start (no address holds it)', read({ query: '0', position: 'start' })],
    ['short: query=69 anywhere + tier=elite', read({ query: '69', tier: 'elite' })],
  ];
}

/**
 * `npm run bench -- search-filters`: the filter reads alone (EXPLAIN ANALYZE and medians, no load runs) on
 * BENCH_SEARCH_LISTINGS listings: the quick check that every filter stays index-served.
 */
export async function benchSearchFilters(): Promise<string> {
  const db = await createBenchDatabase('search_filters');
  try {
    console.log(`search-filters: migrating and seeding ${LISTINGS.toLocaleString('en')} listings…`);
    const setup = await openPostgresDatabase(db.url, { max: 2 });
    const s0 = performance.now();
    await seedListings(db.url, LISTINGS, realKeypair().address).finally(() => setup.close());
    const seedMs = performance.now() - s0;
    const explained = await explainReads(db.url, [...filterReads(), ...shortReads()]);
    return [
      `Command: \`BENCH_SEARCH_LISTINGS=${LISTINGS} npm run bench -- search-filters\` — ${LISTINGS.toLocaleString('en')} listings seeded in ${secs(seedMs)} (as for \`search\`: one in 5 has a 3–7 character prefix pattern and one of six named categories, the rest are custom; prices 0.1–100 SOL, rarity 0–10, uniform). Each filter read's statements, median of 5 runs, one at a time, with the scans of its plan. \`npm run bench -- search\` runs the same reads after its load runs.`,
      '',
      ...explainedReport(explained),
    ].join('\n');
  } finally {
    await db.drop();
  }
}

/** The scan lines of a plan (which index, or a sequential scan), one per node. */
function scans(plan: string): string {
  const found = plan
    .split('\n')
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter((line) => /Scan|BitmapOr|BitmapAnd/.test(line))
    .map((line) => line.replace(/\s*\(cost=.*$/, '').replace(/ on addresses(?: addresses_1)?(?= |$)/, ''));
  return found.join('; ');
}

async function medianMs(pool: pg.Pool, stmt: Statement, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await pool.query(stmt.sql, stmt.params);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function explain(pool: pg.Pool, stmt: Statement): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${stmt.sql}`, stmt.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Waits (at most 3 minutes) until a search request answers: the server has worked through its backlog. */
async function drain(origin: string): Promise<void> {
  await fetch(`${origin}${DEFAULT_PATH}`, { signal: AbortSignal.timeout(180_000) })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
}

const fmt = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'none answered within the run');

/** EXPLAIN (ANALYZE, BUFFERS) and a median of 5 runs of every statement of `reads`, on the database at `url`. */
export async function explainReads(
  url: string,
  only?: [string, (db: Database['db']) => Promise<unknown>][],
): Promise<{ timings: string[][]; plans: string[] }> {
  const plans: string[] = [];
  const timings: string[][] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ address: string }>(
      "SELECT address FROM addresses WHERE status <> 'deleted' ORDER BY id LIMIT 1",
    );
    for (const [label, read] of only ?? reads(rows[0]!.address)) {
      const statements = await statementsOf(pool, read);
      for (const [i, stmt] of statements.entries()) {
        const name = statements.length > 1 ? `${label} (${i + 1}/${statements.length})` : label;
        const plan = await explain(pool, stmt);
        timings.push([name, fmt(await medianMs(pool, stmt)), scans(plan)]);
        plans.push(`#### ${name}\n\n\`\`\`\n${stmt.sql}\n${JSON.stringify(stmt.params)}\n\n${plan}\n\`\`\`\n`);
      }
    }
  } finally {
    await pool.end();
  }
  return { timings, plans };
}

/** How both search reports end: the statements' timings, then their plans folded away. */
function explainedReport({ timings, plans }: { timings: string[][]; plans: string[] }): string[] {
  return [
    table(['read (statement)', 'median', 'plan'], timings),
    '',
    '<details><summary>EXPLAIN (ANALYZE, BUFFERS) of each statement</summary>',
    '',
    ...plans,
    '</details>',
  ];
}

type Caller = 'anonymous' | 'signed-in';
interface Run {
  server: string;
  scenario: Scenario;
  caller: Caller;
  connections: number;
  load: string;
  r: LoadResult;
}

/** Warm-up, the measured run, and a drain after each (requests autocannon gave up on still hold connections). */
async function measure(origin: string, requests: LoadRequest[], connections: number): Promise<LoadResult> {
  const seconds = connections === 1 ? SOLO_SECONDS : SECONDS;
  await drive(origin, requests, 3, connections);
  await drain(origin);
  const r = await drive(origin, requests, seconds, connections);
  await drain(origin);
  return r;
}

const withCookie = (paths: string[], cookie: string): LoadRequest[] =>
  paths.map((path) => ({ method: 'GET', path, headers: { cookie } }));

/** The statements the app sends for a computed default page (its total kept) and a substring search. */
async function appStatements(url: string): Promise<MinimalStatements> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Database['db'];
    const sample = 'sol';
    const found = pageStatements(db, search({ query: sample }));
    const page = pageStatements(db, search({}));
    const sent = (q: { values: Record<string, unknown> }, query: { toSQL(): Statement }, extra = {}) => {
      const { sql, params } = query.toSQL();
      return { sql, params: fillPlaceholders(params, { ...q.values, ...extra }) };
    };
    return {
      defaultPage: sent(page, page.ordered),
      matchedPage: sent(found, found.matchedPage),
      sample,
    };
  } finally {
    await pool.end();
  }
}

interface SqlRun {
  r: PgbenchResult;
  load: string;
}

/** pgbench on the statements the minimal server sends: the default page, and the substrings in turn. */
async function pgbenchRuns(url: string, s: MinimalStatements): Promise<{ default: SqlRun; substring: SqlRun }> {
  const sample = `%${s.sample}%`;
  const measured = async (scripts: Parameters<typeof pgbench>[1], mode: 'prepared' | 'extended' = 'prepared') => {
    await pgbench(url, scripts, 3, CONNECTIONS, mode);
    const r = await pgbench(url, scripts, SECONDS, CONNECTIONS, mode);
    return { r, load: loadNow() };
  };
  console.log('search: pgbench on the same statements (default page)…');
  const onDefault = await measured([{ statements: [{ stmt: s.defaultPage }] }]);
  console.log('search: pgbench on the same statements (substrings in turn)…');
  const onSubstring = await measured(
    SUBSTRINGS.map((q) => ({
      statements: [{ stmt: s.matchedPage, params: s.matchedPage.params.map((p) => (p === sample ? `%${q}%` : p)) }],
    })),
    // The app sends a substring's statement unnamed (planned for its text each time, decision 0023).
    'extended',
  );
  return { default: onDefault, substring: onSubstring };
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const metOr = (ok: boolean) => (ok ? 'met' : 'missed');

/**
 * `npm run bench -- search`: as deployed, signed in and anonymous, then the computed page against the minimal server
 * and pgbench, then every statement's plan. `computedOnly` (`npm run bench -- search-computed`): only the
 * comparison (the app with kept answers off, the minimal server and pgbench, at 32 connections), a before/after
 * check in minutes.
 */
export async function benchSearch({ computedOnly = false } = {}): Promise<string> {
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
    const [defaultPage, words, distinct, short] = scenarios();

    const runs: Run[] = [];
    const record = async (server: string, origin: string, scenario: Scenario, caller: Caller, cookie = '') => {
      for (const connections of server === 'minimal node:http + pg' || computedOnly
        ? [CONNECTIONS]
        : [1, CONNECTIONS]) {
        if (caller === 'signed-in' && connections === 1) continue;
        console.log(`search: ${server}: ${scenario.name} (${caller}) at ${connections} connection(s)…`);
        const requests = caller === 'signed-in' ? withCookie(scenario.paths, cookie) : scenario.paths;
        const r = await measure(origin, requests, connections);
        runs.push({ server, scenario, caller, connections, load: loadNow(), r });
      }
    };
    let sample = '';
    const servers = [
      ['as deployed', {}, [defaultPage!, words!, distinct!, short!]],
      [
        'cache off',
        { PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0' },
        computedOnly ? [defaultPage!, words!] : [defaultPage!, words!, short!],
      ],
    ] as const;
    for (const [label, env, list] of computedOnly ? servers.slice(1) : servers) {
      console.log(`search: starting the server (${label})…`);
      const server = await startServer(db.url, env);
      try {
        sample ||= await fetch(`${server.origin}${DEFAULT_PATH}`)
          .then((r) => r.json() as Promise<{ pagination: { total: number }; addresses: unknown[] }>)
          .then(
            (p) =>
              `default page answered ${p.addresses.length} listings of total ${p.pagination.total.toLocaleString('en')}`,
          );
        const wallet = await HttpWallet.create(server.origin, '127.0.0.1');
        await wallet.signIn();
        for (const scenario of list) {
          await record(label, server.origin, scenario, 'anonymous');
          // The same requests with a session: they share the kept answers now.
          if (label === 'as deployed' && (scenario.kind === 'default' || scenario.kind === 'substring')) {
            await record(label, server.origin, scenario, 'signed-in', wallet.sessionCookie);
          }
        }
      } finally {
        await server.stop();
      }
    }
    console.log('search: the minimal node:http + pg server on the same statements…');
    const statements = await appStatements(db.url);
    const minimal = await startMinimalServer(db.url, statements, await freePort());
    try {
      for (const scenario of [defaultPage!, words!])
        await record('minimal node:http + pg', minimal.origin, scenario, 'anonymous');
    } finally {
      await minimal.stop();
    }

    const sql = await pgbenchRuns(db.url, statements);

    if (computedOnly) await setup.close();
    else console.log("search: EXPLAIN ANALYZE of each read's statements…");
    const explained = computedOnly ? undefined : await explainReads(db.url).finally(() => setup.close());
    const atRun = (server: string, kind: Scenario['kind'], caller: Caller = 'anonymous') =>
      runs.find(
        (x) => x.server === server && x.scenario.kind === kind && x.caller === caller && x.connections === CONNECTIONS,
      )!;
    const at32 = (server: string, kind: Scenario['kind'], caller: Caller = 'anonymous') =>
      atRun(server, kind, caller).r;
    const command = `${LISTINGS === 1_000_000 ? '' : `BENCH_SEARCH_LISTINGS=${LISTINGS} `}npm run bench -- search${computedOnly ? '-computed' : ''}`;

    return [
      `Command: \`${command}\` — ${LISTINGS.toLocaleString('en')} listings seeded with SQL in ${secs(seedMs)} (indexes rebuilt, VACUUM ANALYZE), the real server (\`src/server/main.ts\`, PostgreSQL, child process) on loopback, ${computedOnly ? '' : 'first as deployed (every caller, signed in or not, is served an answer up to `PUBLIC_LISTINGS_MAX_AGE_SECONDS` = 1 s old; concurrent identical requests share one computation), then '}with \`PUBLIC_LISTINGS_MAX_AGE_SECONDS=0\` (every request computed; capped totals are still kept for \`LISTING_TOTALS_MAX_AGE_SECONDS\` = 5 s, that is how a page is computed now), then a minimal node:http + pg server (\`bench/lib/minimal-search-server.ts\`, a child process too) sending the same statements as named statements with the same pool size; autocannon in the bench process for ${SECONDS} s (${SOLO_SECONDS} s at 1 connection) after a 3 s warm-up. Signed-in runs send a real session cookie (Sign-In With Solana). The load generator, the servers and PostgreSQL share the same 2 cores, **and the machine is shared with other engineers' work**: see the load average beside each run. Sanity check: ${sample}.`,
      '',
      `### The computed page against its floors (${CONNECTIONS} connections)`,
      '',
      "App: the server with kept answers off (`PUBLIC_LISTINGS_MAX_AGE_SECONDS=0`), every request computed. Minimal: node:http + pg sending the same statements. pgbench: the same statements, `-M prepared` (the substring's `-M extended`: the app sends it unnamed), the same connections (a script per request: the substring's one statement, its matches counted and the page's rows). The load average (1 min) is taken at the end of each run.",
      '',
      table(
        ['path', 'app', 'minimal node:http + pg, same statements', 'pgbench', 'app / minimal (≥ 0.9)'],
        [
          ['default page', defaultPage!, sql.default] as const,
          [`substring (${SUBSTRINGS.length} in turn)`, words!, sql.substring] as const,
        ].map(([label, sc, onSql]) => {
          const app = atRun('cache off', sc.kind);
          const min = atRun('minimal node:http + pg', sc.kind);
          const cell = (x: Run) => `${x.r.rps.toFixed(0)} req/s, p99 ${fmt(x.r.p99)} (load ${x.load})`;
          return [
            label,
            cell(app),
            cell(min),
            `${onSql.r.tps.toFixed(0)} tps, ${onSql.r.latencyMs.toFixed(1)} ms avg (load ${onSql.load})`,
            `**${ratio(app.r.rps, min.r.rps)}** (${metOr(app.r.rps >= 0.9 * min.r.rps)})`,
          ];
        }),
      ),
      '',
      ...(computedOnly
        ? []
        : [
            '### Signed-in and anonymous, as deployed',
            '',
            table(
              [
                'scenario',
                'anonymous requests/s',
                'anonymous p99',
                'signed-in requests/s',
                'signed-in p99',
                'signed-in / anonymous',
                '≥ 0.8× and p99 ≤ 50 ms',
              ],
              [defaultPage!, words!].map((sc) => {
                const a = at32('as deployed', sc.kind);
                const u = at32('as deployed', sc.kind, 'signed-in');
                return [
                  sc.name,
                  a.rps.toFixed(1),
                  fmt(a.p99),
                  u.rps.toFixed(1),
                  fmt(u.p99),
                  ratio(u.rps, a.rps),
                  metOr(u.rps >= 0.8 * a.rps && u.p99 <= 50),
                ];
              }),
            ),
            '',
            `### The computed path against a minimal node:http + pg server (${CONNECTIONS} connections)`,
            '',
            table(
              [
                'scenario',
                'app, cache off: requests/s',
                'p99',
                'minimal: requests/s',
                'p99',
                'app / minimal (≥ 0.9)',
                "× the 2026-11-25 'now' (≥ 2×)",
              ],
              [defaultPage!, words!].map((sc) => {
                const app = at32('cache off', sc.kind);
                const min = at32('minimal node:http + pg', sc.kind);
                const now = sc.kind === 'default' ? ISSUE_NOW_RPS.default : ISSUE_NOW_RPS.substring;
                return [
                  sc.name,
                  app.rps.toFixed(1),
                  fmt(app.p99),
                  min.rps.toFixed(1),
                  fmt(min.p99),
                  `${ratio(app.rps, min.rps)} (${metOr(app.rps >= 0.9 * min.rps)})`,
                  `${ratio(app.rps, now)} of ${now} (${metOr(app.rps >= 2 * now)})`,
                ];
              }),
            ),
            '',
          ]),
      '### Every run',
      '',
      table(
        [
          'server',
          'scenario',
          'caller',
          'connections',
          ...LOAD_COLUMNS,
          `p95 ≤ ${TARGET_P95_MS} ms`,
          'load (1 min) after',
        ],
        runs.map(({ server, scenario, caller, connections, load, r }) => [
          server,
          scenario.name,
          caller,
          connections,
          ...loadCells(r, 1, fmt),
          r.p95 <= TARGET_P95_MS ? 'met' : 'missed',
          load,
        ]),
      ),
      // The computed-only run explains nothing: `npm run bench -- search` has the statements and their plans.
      ...(computedOnly
        ? []
        : [
            '',
            "Every statement each read sends (recorded from the repository code itself, each as a named statement), median of 5 runs each, one at a time, after the load, with the scans of its plan. Without a substring, a page whose total is not kept reads its rows with the capped count beside them (an InitPlan); once the total is kept (past the cap), the page is its rows alone (the `total kept` reads). With a substring, one statement collects the matches (up to the cap) with the page's rows looked up by id, or, when there are more matches than the cap, the ordered page follows. The sellers' wallets are read once per process (`users`, the first read below), not joined.",
            '',
            ...explainedReport(explained!),
          ]),
    ].join('\n');
  } finally {
    await db.drop();
  }
}
