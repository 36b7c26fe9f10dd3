import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ed25519 } from '@noble/curves/ed25519.js';
import { chanceFoundBy, orderProbability, type OrderPattern } from '@shared/orders/quote';
import { BASE58_ALPHABET } from '@shared/rarity/alphabet';
import {
  candidateSourceOf,
  createKeySource,
  createGrindPool,
  keyMatcherOf,
  LANE_KINDS,
  matcherOf,
  sampleLane,
  uniformKeyProbability,
  type GrindPool,
  type LaneKind,
} from '@server/modules/orders';
import { encodeBase58 } from '@shared/keys/base58';
import { table } from './lib/report';

/**
 * `npm run bench -- grind` (docs/domain.md#custom-orders): how fast this machine grinds ed25519 vanity keys.
 *   1. One thread, the ways to derive a fresh key's public key (each candidate with its own 32 CSPRNG bytes),
 *      and what testing a pattern costs: on the raw bytes (the grinder) or on the base58 address (before).
 *   2. The order grinder's worker pool: keys/s per worker and for the whole pool.
 *   3. 200 random three-character orders (prefixes and suffixes, with and without case), attempts and wall time
 *      to a match against the geometric distribution the quotes use. Two single-worker pools share them, so each
 *      pool's attempt count is exact (a pool counts only its own worker's keys).
 * The anchor is solana-keygen grind's published ≈35,000 keys/s per thread (1.05–1.12 M/s on a 32-thread 5950X).
 */
const DERIVE_MS = 2_000;
const ROUNDS = 5;
const LANE_MS = 6_000;
const POOL_MS = 4_000;
const ORDERS = 200;
/** The random orders are drawn among those a worker finds in this many keys on average, to bound the run. */
const MAX_EXPECTED = 60_000;
/** GRIND_BENCH_MAX_S caps the orders phase (a shared, loaded machine): the report says how many orders ran. */
const MAX_ORDERS_MS = Number(process.env.GRIND_BENCH_MAX_S ?? Infinity) * 1000;
const NEVER: OrderPattern = { pattern: 'zzzzzzzz', position: 'prefix', caseSensitive: true };

function perSecond(run: () => void): number {
  const until = performance.now() + DERIVE_MS;
  const start = performance.now();
  let n = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 64; i++) run();
    n += 64;
  }
  return (n / (performance.now() - start)) * 1000;
}

/**
 * Keys/s of each way, measured in turns (ROUNDS slices of DERIVE_MS / ROUNDS each) so that a shared machine's
 * load swings hit every row alike.
 */
function derivations(): [string, number, number][] {
  const prefix = keyMatcherOf({ pattern: 'abc', position: 'prefix', caseSensitive: false });
  const sodium = createKeySource();
  if (sodium.kind !== 'libsodium') throw new Error('sodium-native did not load: run npm install');
  const ways: [string, () => unknown][] = [
    ["node:crypto generateKeyPairSync('ed25519') alone (public key not read)", () => generateKeyPairSync('ed25519')],
    [
      "libsodium crypto_sign_seed_keypair (sodium-native), seeds drawn 1,024 at a time, pattern tested on the bytes (the grinder's path)",
      () => prefix(sodium.next()),
    ],
    [
      'generateKeyPairSync, raw public key exported, pattern tested on the bytes (the fallback without libsodium)',
      () => prefix(generateKeyPairSync('ed25519').publicKey.export({ format: 'raw-public' })),
    ],
    [
      'generateKeyPairSync, raw public key exported and base58-encoded (the grinder before)',
      () => encodeBase58(generateKeyPairSync('ed25519').publicKey.export({ format: 'raw-public' })),
    ],
    [
      'node:crypto randomBytes(32) → createPrivateKey(raw) → createPublicKey, raw public key exported',
      () => {
        const key = createPrivateKey({ key: randomBytes(32), format: 'raw-private', asymmetricKeyType: 'ed25519' });
        createPublicKey(key).export({ format: 'raw-public' });
      },
    ],
    ['@noble/curves ed25519.getPublicKey(randomBytes(32))', () => ed25519.getPublicKey(randomBytes(32))],
  ];
  const keys = ways.map(() => 0);
  const ms = ways.map(() => 0);
  const cpuMs = ways.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    ways.forEach(([, run], w) => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const until = start + DERIVE_MS / ROUNDS;
      while (performance.now() < until) {
        for (let i = 0; i < 64; i++) run();
        keys[w]! += 64;
      }
      ms[w]! += performance.now() - start;
      const used = process.cpuUsage(cpu);
      cpuMs[w]! += (used.user + used.system) / 1000;
    });
  }
  return ways.map(([name], w) => [name, (keys[w]! / ms[w]!) * 1000, (keys[w]! / cpuMs[w]!) * 1000]);
}

/** Nanoseconds per test of one pattern on one key: on the raw bytes, or encoding the address first. */
function matchCosts(): [string, number][] {
  const keys = Array.from({ length: 4096 }, () => new Uint8Array(randomBytes(32)));
  const cost = (test: (key: Uint8Array) => boolean) => {
    let i = 0;
    return 1e9 / perSecond(() => test(keys[i++ & 4095]!));
  };
  const targets: [string, OrderPattern][] = [
    ['prefix "abc", any case', { pattern: 'abc', position: 'prefix', caseSensitive: false }],
    ['prefix "SoL4na", any case', { pattern: 'SoL4na', position: 'prefix', caseSensitive: false }],
    ['suffix "pump"', { pattern: 'pump', position: 'suffix', caseSensitive: true }],
    ['suffix "xyzxyzxy", any case', { pattern: 'xyzxyzxy', position: 'suffix', caseSensitive: false }],
  ];
  return [
    ...targets.map(([name, t]): [string, number] => [`${name}, on the raw bytes`, cost(keyMatcherOf(t))]),
    ['any pattern, base58-encoding the address first (encoding alone)', cost((k) => encodeBase58(k).length > 0)],
  ];
}

/** Keys/s of a pool grinding a pattern it will not find, counted from what its workers report. */
async function poolRate(pool: GrindPool, lane: LaneKind = 'wallet'): Promise<number> {
  let attempts = 0;
  const run = pool.grind(NEVER, (n) => (attempts += n), sampleLane(lane));
  await new Promise((resolve) => setTimeout(resolve, 500)); // past the first report
  const from = attempts;
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, POOL_MS));
  const rate = ((attempts - from) / (performance.now() - start)) * 1000;
  run.stop();
  await run.result;
  return rate;
}

const LANE_NAMES: Record<LaneKind, string> = {
  wallet: 'wallet: libsodium seed keygen (today)',
  'split-key': 'split key: P + t·G, one mixed addition per candidate, batched normalisation',
  'seed-derived': 'seed-derived: SHA-256(base ‖ seed ‖ owner), node:crypto',
};

/**
 * The three order lanes side by side, each candidate tested on its bytes against a prefix: one thread in this
 * process, in turns (ROUNDS slices each, so a shared machine's load swings hit every lane alike), counted per
 * wall second and per CPU-second of this thread.
 */
function laneRates(): Record<LaneKind, { rate: number; perCpu: number }> {
  const prefix = keyMatcherOf({ pattern: 'abc', position: 'prefix', caseSensitive: false });
  const keySource = createKeySource();
  const sources = LANE_KINDS.map((kind) => candidateSourceOf(sampleLane(kind), keySource));
  const totals = LANE_KINDS.map(() => ({ n: 0, ms: 0, cpuMs: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    sources.forEach((source, l) => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const until = start + LANE_MS / ROUNDS;
      let n = 0;
      while (performance.now() < until) {
        for (let i = 0; i < 256; i++) prefix(source.next());
        n += 256;
      }
      const used = process.cpuUsage(cpu);
      // The first round warms each lane up (JIT, the stepper's first batch) and is not counted.
      if (round === 0) return;
      totals[l]!.n += n;
      totals[l]!.ms += performance.now() - start;
      totals[l]!.cpuMs += (used.user + used.system) / 1000;
    });
  }
  return Object.fromEntries(
    LANE_KINDS.map((kind, l) => {
      const t = totals[l]!;
      return [kind, { rate: (t.n / t.ms) * 1000, perCpu: (t.n / t.cpuMs) * 1000 }];
    }),
  ) as Record<LaneKind, { rate: number; perCpu: number }>;
}

interface Found {
  order: OrderPattern;
  /** The exact chance for a uniform 32-byte key, and the quote's (the rarity model's). */
  p: number;
  quoted: number;
  attempts: number;
  ms: number;
}

/** Random three-character orders (prefix or suffix, with or without case) a worker finds in ≤ MAX_EXPECTED keys. */
function randomOrders(n: number): OrderPattern[] {
  const orders: OrderPattern[] = [];
  const pick = () => BASE58_ALPHABET[randomInt(58)]!;
  while (orders.length < n) {
    const order: OrderPattern = {
      pattern: pick() + pick() + pick(),
      position: randomInt(2) === 0 ? 'prefix' : 'suffix',
      caseSensitive: randomInt(2) === 0,
    };
    if (1 / uniformKeyProbability(order) <= MAX_EXPECTED) orders.push(order);
  }
  return orders;
}

/** Grinds `orders` one after the other on one single-worker pool (the server's worker code path). */
async function grindAll(pool: GrindPool, orders: OrderPattern[], found: Found[], since: number): Promise<number> {
  for (const order of orders) {
    if (performance.now() - since >= MAX_ORDERS_MS) break;
    let attempts = 0;
    const start = performance.now();
    const run = pool.grind(order, (k) => (attempts += k));
    const hit = await run.result;
    const ms = performance.now() - start;
    hit?.secretKey.fill(0);
    if (hit && !matcherOf(order)(hit.address)) throw new Error(`${hit.address} does not match ${order.pattern}`);
    found.push({ order, p: uniformKeyProbability(order), quoted: orderProbability(order), attempts, ms });
  }
  return performance.now() - since;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9, 0.95];

/** The q-quantile of attempts for a random order of the mix: the n where the mean of the orders' CDFs reaches q. */
function mixQuantile(ps: number[], q: number): number {
  const cdf = (n: number) => ps.reduce((sum, p) => sum + chanceFoundBy(p, n), 0) / ps.length;
  let lo = 0;
  let hi = 1;
  while (cdf(hi) < q) hi *= 2;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (cdf(mid) < q) lo = mid;
    else hi = mid;
  }
  return hi;
}

export async function benchGrind(): Promise<string> {
  const cores = availableParallelism();
  const derive = derivations();
  const costs = matchCosts();
  const lanes = laneRates();
  const laneWorker: Partial<Record<LaneKind, number>> = {};
  {
    const pool = await createGrindPool(1, { measureMs: 300 });
    for (const kind of LANE_KINDS) laneWorker[kind] = await poolRate(pool, kind);
    await pool.close();
  }

  const one = await createGrindPool(1, { measureMs: 300 });
  const measuredAtStart = one.perWorkerRate();
  const perWorker = await poolRate(one);
  await one.close();
  const defaultSize = Math.max(1, cores - 1);
  const sizes = [...new Set([defaultSize, cores])];
  const pools: [number, number][] = [];
  for (const size of sizes) {
    const pool = await createGrindPool(size, { measureMs: 300 });
    pools.push([size, await poolRate(pool)]);
    await pool.close();
  }

  const orders = randomOrders(ORDERS);
  const found: Found[] = [];
  const since = performance.now();
  const walls = await Promise.all(
    [0, 1].map(async (half) => {
      const pool = await createGrindPool(1, { measureMs: 100 });
      try {
        return await grindAll(
          pool,
          orders.filter((_, i) => i % 2 === half),
          found,
          since,
        );
      } finally {
        await pool.close();
      }
    }),
  );
  const wallS = Math.max(...walls) / 1000;
  const n = found.length;
  const totalAttempts = found.reduce((a, f) => a + f.attempts, 0);
  const runRate = totalAttempts / (found.reduce((a, f) => a + f.ms, 0) / 1000); // keys/s of one worker
  const ps = found.map((f) => f.p);
  const attempts = found.map((f) => f.attempts).sort((a, b) => a - b);
  const times = found.map((f) => f.ms / 1000).sort((a, b) => a - b);
  const scaled = found.map((f) => f.attempts * f.p).sort((a, b) => a - b);
  // Each order has its own p, so the test is on u = F_p(attempts), uniform on [0, 1] when the attempts follow the
  // geometric law the quotes use (p ≤ 1/1,000 here, so the discreteness is negligible): Kolmogorov–Smirnov.
  const us = found.map((f) => chanceFoundBy(f.p, f.attempts)).sort((a, b) => a - b);
  const ks = Math.max(...us.map((u, i) => Math.max((i + 1) / n - u, u - i / n)));
  const ksCritical = 1.36 / Math.sqrt(n); // 5% level
  const expected = ps.reduce((a, p) => a + 1 / p, 0) / n;
  const misquoted = found.filter((f) => Math.abs(f.quoted / f.p - 1) > 0.02);
  const mix = (pos: OrderPattern['position'], cs: boolean) =>
    found.filter((f) => f.order.position === pos && f.order.caseSensitive === cs).length;
  const rows = QUANTILES.map((q) => {
    const theory = mixQuantile(ps, q);
    return [
      `${q * 100}%`,
      (-Math.log1p(-q)).toFixed(2),
      quantile(scaled, q).toFixed(2),
      fmt(theory),
      fmt(quantile(attempts, q)),
      `${(theory / runRate).toFixed(2)} s`,
      `${quantile(times, q).toFixed(2)} s`,
    ];
  });

  const anchor = 35_000;
  const walletCpu = lanes.wallet.perCpu;
  return [
    '### Three lanes side by side',
    '',
    `One thread in the bench process, the lanes in turns (${ROUNDS - 1} counted slices of ${LANE_MS / ROUNDS / 1000} s each, ` +
      'after one warm-up slice), each candidate tested against a prefix on its bytes; then one grinder worker ' +
      `(the server's worker code, a pattern it never finds) on each lane for ${POOL_MS / 1000} s.`,
    '',
    table(
      [
        'lane',
        'attempts/s (one thread)',
        'attempts per CPU-second',
        'per CPU-second vs wallet',
        'attempts/s per worker',
      ],
      LANE_KINDS.map((kind) => [
        LANE_NAMES[kind],
        fmt(lanes[kind].rate),
        fmt(lanes[kind].perCpu),
        `${(lanes[kind].perCpu / walletCpu).toFixed(2)}×`,
        fmt(laneWorker[kind]!),
      ]),
    ),
    '',
    `Targets: split key ≥ 3× the wallet lane per core: ${(lanes['split-key'].perCpu / walletCpu).toFixed(2)}× ` +
      `(${lanes['split-key'].perCpu >= 3 * walletCpu ? 'met' : 'NOT met'}); seed-derived ≥ 300,000 per core: ` +
      `${fmt(lanes['seed-derived'].perCpu)} (${lanes['seed-derived'].perCpu >= 300_000 ? 'met' : 'NOT met'}).`,
    '',
    '### One thread: deriving a fresh key (32 CSPRNG bytes each)',
    '',
    table(
      ['method', 'keys/s', 'keys per CPU-second', 'per CPU-second vs solana-keygen (35,000/thread)'],
      derive.map(([name, rate, perCpu]) => [name, fmt(rate), fmt(perCpu), `${((perCpu / anchor) * 100).toFixed(0)}%`]),
    ),
    '',
    '### One thread: testing a pattern on one candidate',
    '',
    table(
      ['test', 'ns per key'],
      costs.map(([name, ns]) => [name, fmt(ns)]),
    ),
    '',
    '### The order grinder (worker_threads, matching included)',
    '',
    table(
      ['workers', 'keys/s', 'keys/s per worker'],
      [[1, fmt(perWorker), fmt(perWorker)], ...pools.map(([size, rate]) => [size, fmt(rate), fmt(rate / size)])],
    ),
    '',
    `Default pool size here: ${defaultSize} (cores − 1, at least 1). The start-up measurement (300 ms, what quotes ` +
      `use first) gave ${fmt(measuredAtStart)} keys/s for one worker.`,
    '',
    `### ${n} random three-character orders`,
    '',
    (n < ORDERS ? `Time-boxed by GRIND_BENCH_MAX_S: ${n} of the ${ORDERS} orders ran. ` : '') +
      `Random base58 patterns a worker finds in at most ${fmt(MAX_EXPECTED)} keys on average: ` +
      `${mix('prefix', true)} case-sensitive and ${mix('prefix', false)} case-insensitive prefixes, ` +
      `${mix('suffix', true)} case-sensitive and ${mix('suffix', false)} case-insensitive suffixes ` +
      `(expected attempts ${fmt(Math.min(...ps.map((p) => 1 / p)))}–${fmt(Math.max(...ps.map((p) => 1 / p)))}, ` +
      `p exact for uniform 32-byte keys). Two single-worker pools through the server's worker code, ${wallS.toFixed(0)} s; ` +
      `${fmt(runRate)} keys/s per worker during the run. Mean attempts ${fmt(totalAttempts / n)} (theory ${fmt(expected)}); ` +
      `Kolmogorov–Smirnov distance of F_p(attempts) to the uniform law ${ks.toFixed(3)} (5% critical value ` +
      `${ksCritical.toFixed(3)}: ${ks < ksCritical ? 'consistent with the geometric law' : 'NOT consistent with the geometric law'}).`,
    '',
    `The quote's rarity model differs from the exact p by more than 2% for ${misquoted.length} of these orders` +
      (misquoted.length > 0
        ? ` (${[...new Set(misquoted.map((f) => f.order.pattern[0]))].join(', ')}… prefixes; up to ` +
          `${Math.max(...misquoted.map((f) => Math.max(f.quoted / f.p, f.p / f.quoted))).toFixed(1)}× off).`
        : '.'),
    '',
    "Attempts × p is each order's attempts in units of its expected attempts (theory: −ln(1 − q)); the attempts " +
      'and time columns are the mix of these orders (theory: the quantile of the mean of their geometric CDFs, ' +
      "time at the run's keys/s).",
    '',
    table(
      [
        'found by',
        'attempts × p (theory)',
        'attempts × p (seen)',
        'attempts (theory)',
        'attempts (seen)',
        'time (theory)',
        'time (seen)',
      ],
      rows,
    ),
  ].join('\n');
}
