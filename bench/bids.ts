import type { Bid, CreatedBid } from '@shared/api/bids';
import type { BulkCreateResponse } from '@shared/api/listings';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { addressesOf, plantMatches, seedPatterns, type PlantedMatch } from './lib/bid-patterns';
import { explainMatching, replayMatching, seedOpenBids, type MatchingProfile } from './lib/bids-seed';
import {
  adminWallet,
  bulkUpload,
  checkAnswer,
  listPrelisted,
  signInOverHttp,
  type BulkUpload,
} from './lib/bulk-upload';
import { HttpWallet } from './lib/http-client';
import { loadNow, machineCpu, secs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { startServer } from './lib/server-process';
import { runLedgerCheck } from './lib/settlement';

const ROWS = Number(process.env.BENCH_BIDS_ROWS ?? 100_000);
const OPEN = Number(process.env.BENCH_BIDS_OPEN ?? 10_000);
const MATCHES = Number(process.env.BENCH_BIDS_MATCHES ?? 100);
/** Of the matches, how many get four competing bids (under the price, lower, the winner, a tie placed later). */
const CONTESTED = Math.min(MATCHES, 10);
/** Runs of each kind, interleaved (A B A B …): the machine is a shared 2-core VM, so the median is reported. */
const REPEATS = Number(process.env.BENCH_BIDS_REPEATS ?? 2);
const BAD_GROUPS = Math.max(1, Math.round(ROWS / 2_500));
const TARGET_RATIO = 1.2;
/** POST /api/bids allows 20 a minute per wallet (and 30 per client address): each bidder places fewer. */
const BIDS_PER_BIDDER = 15;
/** Chunks of the matching replay (the profile), spread through the upload. */
const PROFILE_CHUNKS = 10;

interface PlacedBid {
  id: string;
  bidder: HttpWallet;
  match: PlantedMatch;
  role: PlantedMatch['bids'][number]['role'];
}

interface Run {
  kind: 'A' | 'B';
  seconds: number;
  busy: number | undefined;
  load: string;
  problems: string[];
  filled?: number;
  /** Seconds after the upload's answer until every winner had filled (the fills run in the background). */
  fillsAfter?: number;
  placeMs?: number;
  seedMs?: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Runs `fn` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Places the real bids through the API, from funded bidder wallets, each group's bids one after the other (so their
 * order is their placing order), pays each deposit on the server's chain and confirms it until it is open.
 */
async function placeRealBids(origin: string, planted: readonly PlantedMatch[]): Promise<PlacedBid[]> {
  const total = planted.reduce((n, m) => n + m.bids.length, 0);
  const bidders = await Promise.all(
    Array.from({ length: Math.ceil(total / BIDS_PER_BIDDER) }, (_, i) => HttpWallet.create(origin, `10.9.0.${i + 1}`)),
  );
  for (const b of bidders) {
    await b.signIn();
    await b.airdrop(BigInt(BIDS_PER_BIDDER * 2) * LAMPORTS_PER_SOL);
  }
  let turn = 0;
  const groups = planted.map((match) =>
    match.bids.map((b) => ({ ...b, match, bidder: bidders[turn++ % bidders.length]! })),
  );
  const placed: PlacedBid[] = [];
  await pool(groups, 4, async (group) => {
    for (const b of group) {
      const { pattern, position, caseSensitive } = b.match;
      const res = await b.bidder.call<CreatedBid>('POST', '/api/bids', {
        pattern,
        position,
        caseSensitive,
        maxPrice: b.maxPrice,
        expiresAt: inDays(7),
      });
      if (res.status !== 201) throw new Error(`POST /api/bids answered ${res.status} ${JSON.stringify(res.json)}`);
      await b.bidder.pay(res.json.payment!);
      placed.push({ id: res.json.id, bidder: b.bidder, match: b.match, role: b.role });
    }
  });
  await pool(placed, 4, async (p) => {
    for (let attempt = 0; ; attempt++) {
      await sleep(attempt === 0 ? 0 : 1_000);
      const res = await p.bidder.call<Bid>('POST', `/api/bids/${p.id}/confirm`, {});
      if (res.status === 200 && res.json.status === 'open') return;
      if (attempt >= 20)
        throw new Error(`bid ${p.id} not open after its deposit: ${res.status} ${JSON.stringify(res.json)}`);
    }
  });
  return placed;
}

/** Seconds from `since` (the answer) until `expected` bids are filled, polling; gives up after a minute. */
async function waitForFills(
  database: Awaited<ReturnType<typeof openPostgresDatabase>>,
  expected: number,
  since: number,
): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [row] = await database.query<{ n: number }>("select count(*)::int as n from bids where status = 'filled'");
    if ((row?.n ?? 0) >= expected) break;
    await sleep(100);
  }
  return (performance.now() - since) / 1000;
}

/** Every winner filled with its own address, every other real bid still open, no other bid filled, no other sale. */
async function checkFills(
  placed: readonly PlacedBid[],
  database: Awaited<ReturnType<typeof openPostgresDatabase>>,
): Promise<{ problems: string[]; filled: number; fills: { bidder: HttpWallet; transactionId: string }[] }> {
  const problems: string[] = [];
  const fills: { bidder: HttpWallet; transactionId: string }[] = [];
  await pool(placed, 8, async (p) => {
    const res = await p.bidder.call<Bid>('GET', `/api/bids/${p.id}`);
    const bid = res.json;
    if (p.role === 'winner') {
      if (bid.status !== 'filled' || bid.address !== p.match.address || bid.filledPrice !== p.match.price)
        problems.push(`winner ${p.match.pattern} (${p.match.position}): ${bid.status} ${bid.address ?? ''}`);
      else fills.push({ bidder: p.bidder, transactionId: bid.transactionId! });
    } else if (bid.status !== 'open') problems.push(`${p.role} bid on ${p.match.pattern}: ${bid.status}`);
  });
  const [counts] = await database.query<{ filled: number; sold: number; open: number }>(
    `select (select count(*)::int from bids where status = 'filled') as filled,
            (select count(*)::int from bids where status = 'open') as open,
            (select count(*)::int from addresses where status = 'sold') as sold`,
  );
  const winners = placed.filter((p) => p.role === 'winner').length;
  if (counts!.filled !== winners) problems.push(`${counts!.filled} bids filled, ${winners} expected`);
  if (counts!.sold !== winners) problems.push(`${counts!.sold} listings sold, ${winners} expected`);
  if (counts!.open !== OPEN - winners) problems.push(`${counts!.open} bids still open, ${OPEN - winners} expected`);
  return { problems: problems.slice(0, 5), filled: counts!.filled, fills };
}

interface BRunExtras {
  explain?: { label: string; keys: number; plan: string[] }[];
  profile?: MatchingProfile;
  ledger?: string;
}

/** One run on a fresh database and a fresh server: `bids` open when B, none when A; the upload timed alone. */
async function run(
  kind: Run['kind'],
  upload: BulkUpload,
  payload: string,
  plan?: { planted: PlantedMatch[]; seeded: Parameters<typeof seedOpenBids>[1]; extras?: BRunExtras },
): Promise<Run> {
  const benchDb = await createBenchDatabase('bids');
  const admin = await adminWallet();
  const server = await startServer(benchDb.url, { ADMIN_WALLETS: admin.address, TRUST_PROXY: '1' });
  const database = await openPostgresDatabase(benchDb.url, { max: 2 });
  try {
    const cookie = await signInOverHttp(server.origin, admin.keys);
    const headers = { cookie, 'content-type': 'application/json' };
    let placed: PlacedBid[] = [];
    const out: Partial<Run> = {};
    if (plan) {
      let t = performance.now();
      placed = await placeRealBids(server.origin, plan.planted);
      out.placeMs = performance.now() - t;
      t = performance.now();
      await seedOpenBids(database, plan.seeded);
      out.seedMs = performance.now() - t;
      const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
        "select count(*)::int as n from bids where status = 'open' and kind = 'pattern'",
      );
      if (n !== OPEN) throw new Error(`${n} open bids before the upload, ${OPEN} wanted`);
    }
    await listPrelisted(server.origin, headers, upload);
    await sleep(1_000);
    const busy = machineCpu();
    const t0 = performance.now();
    const res = await fetch(`${server.origin}/api/bulk-create-listings`, { method: 'POST', headers, body: payload });
    const text = await res.text();
    const seconds = (performance.now() - t0) / 1000;
    const result: Run = { kind, seconds, busy: busy(), load: loadNow(), problems: [], ...out };
    if (res.status !== 200) throw new Error(`${kind}: the upload answered ${res.status} ${text.slice(0, 300)}`);
    result.problems.push(...checkAnswer(JSON.parse(text) as BulkCreateResponse, upload));
    if (!plan) return result;

    // The fills run in the background after the answer's chunks commit: wait for them, and say how long after.
    result.fillsAfter = await waitForFills(database, plan.planted.length, performance.now());
    const fills = await checkFills(placed, database);
    result.problems.push(...fills.problems);
    result.filled = fills.filled;
    const extras = plan.extras;
    if (!extras) return result;
    // The last B run also explains the match query, replays its matching for the profile and checks the ledger.
    const sample = addressesOf(upload).slice(0, 1_000);
    extras.explain = [];
    for (const c of [
      { position: 'prefix', caseSensitive: true, length: 6 },
      { position: 'anywhere', caseSensitive: false, length: 6 },
    ] as const) {
      const e = await explainMatching(database, c, sample);
      extras.explain.push({
        label: `${c.position}, ${c.caseSensitive ? 'case-sensitive' : 'any case'}, ${c.length}`,
        ...e,
      });
    }
    const good = upload.rows.filter((r) => upload.good.has(r.address)).map((r) => r.address);
    const chunks = Array.from({ length: Math.ceil(good.length / 1_000) }, (_, i) =>
      good.slice(i * 1_000, (i + 1) * 1_000),
    );
    const every = Math.max(1, Math.floor(chunks.length / PROFILE_CHUNKS));
    extras.profile = await replayMatching(database, chunks.filter((_, i) => i % every === 0).slice(0, PROFILE_CHUNKS));
    // The payouts of the fills go out through the outbox: wait for them before reconciling.
    const deadline = Date.now() + 90_000;
    for (const f of fills.fills) {
      while (Date.now() < deadline) {
        const view = await f.bidder.call<{ payoutSignature?: string | null }>(
          'GET',
          `/api/transactions/${f.transactionId}`,
        );
        if (view.json.payoutSignature) break;
        await sleep(1_000);
      }
    }
    await server.halt();
    const ledger = await runLedgerCheck(server.env);
    extras.ledger =
      ledger.code === 0
        ? `passed (${ledger.output.split('\n').slice(-1)[0]})`
        : `FAILED (exit ${ledger.code}): ${ledger.output.slice(-300)}`;
    if (ledger.code !== 0) result.problems.push('ledger check failed');
    return result;
  } finally {
    await database.close();
    await server.stop();
    await benchDb.drop();
  }
}

export async function benchBids(): Promise<string> {
  console.log(`bids: generating two uploads of ${ROWS} lines with real ed25519 keypairs (not timed)…`);
  const uploadA = bulkUpload(ROWS, BAD_GROUPS);
  const uploadB = bulkUpload(ROWS, BAD_GROUPS);
  const payloadA = JSON.stringify({ addressData: uploadA.rows });
  const payloadB = JSON.stringify({ addressData: uploadB.rows });
  console.log('bids: planting the matches and drawing the seeded patterns…');
  const planted = plantMatches(uploadB, MATCHES, CONTESTED);
  const realBids = planted.reduce((n, m) => n + m.bids.length, 0);
  const seeded = seedPatterns(OPEN - realBids, [uploadA, uploadB], planted);

  const runs: Run[] = [];
  const extras: BRunExtras = {};
  for (let i = 0; i < REPEATS; i++) {
    console.log(`bids: run A ${i + 1}/${REPEATS} (no bids)…`);
    runs.push(await run('A', uploadA, payloadA));
    console.log(`bids: run B ${i + 1}/${REPEATS} (${OPEN} open bids)…`);
    runs.push(await run('B', uploadB, payloadB, { planted, seeded, ...(i === REPEATS - 1 ? { extras } : {}) }));
    console.log(
      `bids: ${runs
        .slice(-2)
        .map((r) => `${r.kind} ${r.seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
  }
  const a = runs.filter((r) => r.kind === 'A');
  const b = runs.filter((r) => r.kind === 'B');
  const ratio = median(b.map((r) => r.seconds)) / median(a.map((r) => r.seconds));
  const ok = runs.every((r) => r.problems.length === 0);
  return report({ runs, ratio, ok, extras, planted, realBids, seededCount: seeded.length, good: uploadB.good.size });
}

/** What B − A leaves once the replayed matching is taken off: the fills, the settlement pass, noise. */
function restOf(diffS: number, matchingMs: number, fills: number): string {
  const rest = diffS * 1000 - matchingMs;
  const what = `the ${fills} fills (each a safety re-check, a locked transaction, its payout sent through the outbox), the settlement pass over the live bids' escrows, and the machine's noise`;
  const why =
    "the replay runs alone on one connection while the upload's matching shares the 2 cores with the seal workers, so the split is approximate";
  return rest > 0.05 * diffS * 1000
    ? `B − A between the medians is ${secs(diffS * 1000)}; less the matching above, ${secs(rest)} is left for ${what} (${why}).`
    : `B − A between the medians is ${secs(diffS * 1000)}: the matching above accounts for all of it, nothing measurable is left for ${what} (${why}).`;
}

/** What the plan says about the match index: used for the keys, used for the class only, or not used. */
function indexUse(plan: readonly string[]): string {
  const cond = plan.filter((l) => l.includes('Index Cond')).join(' ');
  if (!plan.some((l) => l.includes('bids_open_match_idx'))) return '**`bids_open_match_idx` is not used**';
  if (cond.includes('pattern_key'))
    return '`bids_open_match_idx` looks the keys up (`pattern_key` in the index condition)';
  const removed = plan.find((l) => l.includes('Rows Removed by Filter'))?.trim() ?? '';
  return `\`bids_open_match_idx\` is used for the position and case only: every open bid of that position and case is read and checked against the keys in a filter (${removed}), not looked up by its key`;
}

function report(r: {
  runs: Run[];
  ratio: number;
  ok: boolean;
  extras: BRunExtras;
  planted: PlantedMatch[];
  realBids: number;
  seededCount: number;
  good: number;
}): string {
  const n = (x: number) => x.toLocaleString('en');
  const p = r.extras.profile;
  const scale = p ? Math.ceil(r.good / 1_000) / p.chunks : 0;
  const positions = (pos: string) => r.planted.filter((m) => m.position === pos).length;
  const medianOf = (kind: Run['kind']) => median(r.runs.filter((x) => x.kind === kind).map((x) => x.seconds));
  return [
    `Command: \`npm run bench -- bids\` (\`BENCH_BIDS_ROWS\`, \`BENCH_BIDS_OPEN\`, \`BENCH_BIDS_MATCHES\`, \`BENCH_BIDS_REPEATS\` to change). Two kinds of run, each on a fresh PostgreSQL database and a fresh server (\`src/server/main.ts\` as a child process, local chain in-process, loopback HTTP), interleaved A B A B…: **A** uploads ${n(ROWS)} lines with no bids; **B** uploads another ${n(ROWS)} lines of the same shape (${BAD_GROUPS} groups of 8 bad lines, as in the bulk scenario) with ${n(OPEN)} open pattern bids. Each upload is one \`POST /api/bulk-create-listings\` timed from sending the body to the last byte of the answer; the bids, the pre-listed addresses and the server start are not timed. The ratio is of the medians.`,
    '',
    `The bids of run B: **${r.realBids} real ones** placed through \`POST /api/bids\` by ${Math.ceil(r.realBids / BIDS_PER_BIDDER)} signed-in bidder wallets, each deposit paid on the server's chain and confirmed until the bid is open. They are placed for ${r.planted.length} addresses of B's upload (priced 0.75 SOL, spread through it), with a 6-character pattern cut from each that matches it and no other address the upload sends (${positions('prefix')} prefix, ${positions('suffix')} suffix, ${positions('anywhere')} anywhere; half case-sensitive, the others typed in another case). ${CONTESTED} of them are contested, four bids placed in this order: 0.5 SOL (under the price), 0.8, 1 (must win: highest), 1 again (must lose: a tie placed later); the other ${r.planted.length - CONTESTED} have one bid each at 0.75, 1 or 1.2 SOL. **${n(r.seededCount)} bids are seeded by SQL** straight into \`bids\` as \`open\` from 50 seeded users: random base58 patterns of 6–8 characters, positions and case flags spread evenly, 0.1–5 SOL, never funded (no deposit, no escrow key, a random escrow address). That is fine because none of them matches: each is drawn again until it matches no address of either upload. With ${n(OPEN)} live bids the settlement pass runs every 5 s during run B, as it would in production; run A has none. Each committed chunk is offered to the bids in the background (one chunk after another): the answer does not wait for the fills, so each B run then waits for all ${r.planted.length} winners to fill and reports when the last did, counted from the answer.`,
    '',
    table(
      [
        'run',
        'upload',
        'rows/s',
        'machine busy',
        'load (1 min) after',
        'bids placed + paid / seeded (not timed)',
        'last fill after the answer',
        'checked',
      ],
      r.runs.map((x) => [
        x.kind === 'A' ? 'A: no bids' : `B: ${n(OPEN)} open bids`,
        `${x.seconds.toFixed(1)} s`,
        n(Math.round(r.good / x.seconds)),
        x.busy === undefined ? 'n/a' : `${Math.round(x.busy * 100)}%`,
        x.load,
        x.placeMs === undefined ? '—' : `${secs(x.placeMs)} / ${secs(x.seedMs!)}`,
        x.fillsAfter === undefined ? '—' : `${x.fillsAfter.toFixed(1)} s`,
        x.problems.length === 0 ? (x.kind === 'B' ? `ok, ${x.filled} filled` : 'ok') : x.problems.join('; '),
      ]),
    ),
    '',
    `**Median upload: A ${medianOf('A').toFixed(1)} s, B ${medianOf('B').toFixed(1)} s; ratio ${r.ratio.toFixed(2)}× — target ≤ ${TARGET_RATIO}×: ${r.ratio <= TARGET_RATIO ? 'met' : 'missed'}.** Fills: ${r.ok ? `every check passed: in each B run each of the ${r.planted.length} winners filled with its own address at the listing's price (\`GET /api/bids/{id}\`), every under-price, lower and later-tie bid is still open, exactly ${r.planted.length} bids filled and ${r.planted.length} listings sold, and the upload's answer is right (every good row stored, every bad line reported)` : 'see the problems in the table'}. Ledger (\`npm run ledger -- check\` after the last B run, once the fills' payouts landed): ${r.extras.ledger ?? 'not run'}.`,
    '',
    ...(p
      ? [
          `Where the matching time goes: \`fillNewListings\`'s matching loop replayed (without the fills) on the last B database after its upload, over ${p.chunks} chunks of 1,000 of the upload's addresses spread through it (the upload writes ${Math.ceil(r.good / 1_000)} chunks and matches each as it commits), one connection, times ×${scale.toFixed(1)} for the whole upload:`,
          '',
          table(
            ['step', `per chunk`, 'whole upload (scaled)'],
            [
              [
                "the open bids' in-memory index (read whole for the first chunk, then topped up with bids funded since)",
                `${(p.indexMs / p.chunks).toFixed(1)} ms`,
                secs(p.indexMs * scale),
              ],
              [
                'walking each address through the index (`PatternIndex.matches`, in the bench process)',
                `${(p.keysMs / p.chunks).toFixed(1)} ms`,
                secs(p.keysMs * scale),
              ],
              [
                `key lookups: ${n(Math.round(p.queries / p.chunks))} \`matching\` queries, ${n(Math.round(p.keys / p.chunks))} proposed keys`,
                `${(p.lookupsMs / p.chunks).toFixed(1)} ms`,
                secs(p.lookupsMs * scale),
              ],
              [
                '**matching in all**',
                `**${((p.indexMs + p.keysMs + p.lookupsMs) / p.chunks).toFixed(1)} ms**`,
                `**${secs((p.indexMs + p.keysMs + p.lookupsMs) * scale)}**`,
              ],
            ],
          ),
          '',
          restOf(medianOf('B') - medianOf('A'), (p.indexMs + p.keysMs + p.lookupsMs) * scale, r.planted.length),
          '',
        ]
      : []),
    ...(r.extras.explain ?? []).flatMap((e) => [
      `The \`matching\` query (\`bidsRepository.matching\`, the SQL drizzle sends) for one chunk's ${n(e.keys)} keys of class ${e.label}, with ${n(OPEN)} open bids (\`EXPLAIN (ANALYZE, BUFFERS)\`): ${indexUse(e.plan)}.`,
      '',
      '```',
      ...e.plan,
      '```',
      '',
    ]),
  ].join('\n');
}
