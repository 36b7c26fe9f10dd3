import pg from 'pg';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { HttpWallet } from './lib/http-client';
import { realKeypair } from './lib/keypairs';
import { drive, LOAD_COLUMNS, loadCells, type LoadRequest } from './lib/load';
import { loadNow, secs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { table } from './lib/report';
import { seedListings } from './lib/seed-search';
import { startServer } from './lib/server-process';

const LISTINGS = Number(process.env.BENCH_LOAD_LISTINGS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const PURCHASES = 50;
const PURCHASE_CONCURRENCY = 10;
const TARGET_RPS = 1_500;
const TARGET_P99_MS = 50;
const SOL = LAMPORTS_PER_SOL;

const SUBSTRINGS = ['sol', 'moon', 'pump', 'dog', 'cat', 'king', 'ape', 'abc', '777', 'bonk', 'gem', 'fox'];
const SORTS = ['createdAt', 'price', 'rarityScore'] as const;

/** Distinct client addresses, as users behind a load balancer (the server runs with TRUST_PROXY=1). */
const clientIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * The request mix of a visitor session, in proportions: the home page's calls, browsing pages and sorts, substring
 * searches, address detail pages and the rarity validator. Taken in turn by autocannon's connections.
 */
function requestMix(sampleAddresses: string[]): LoadRequest[] {
  const mix: LoadRequest[] = [];
  for (let i = 0; i < 2_000; i++) {
    const address = sampleAddresses[i % sampleAddresses.length]!;
    const sort = SORTS[i % SORTS.length]!;
    const order = i % 2 === 0 ? 'desc' : 'asc';
    mix.push(
      '/api/addresses/featured',
      '/api/market-stats',
      `/api/addresses/search?excludeSold=true&page=1&pageSize=20`,
      `/api/addresses/search?excludeSold=true&page=${1 + (i % 5)}&pageSize=20&sortBy=${sort}&sortOrder=${order}`,
      `/api/addresses/search?query=${SUBSTRINGS[i % SUBSTRINGS.length]}&excludeSold=true&page=1&pageSize=20`,
      `/api/addresses/by-address/${address}`,
      `/api/addresses/by-address/${sampleAddresses[(i * 7 + 3) % sampleAddresses.length]}`,
      {
        method: 'POST',
        path: '/api/addresses/validate',
        body: JSON.stringify({ address, network: 'solana' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(100_000 + i) },
      },
    );
  }
  return mix;
}

interface PurchaseRun {
  ms: number;
  ok: boolean;
  error?: string;
}

/** `PURCHASES` buyers, `PURCHASE_CONCURRENCY` at a time: each buys one listing end to end and checks its key. */
async function runPurchases(
  buyers: HttpWallet[],
  listings: { id: string; price: string; secret: string }[],
): Promise<PurchaseRun[]> {
  const runs: PurchaseRun[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < buyers.length; i = next++) {
      const t0 = performance.now();
      try {
        const key = await buyers[i]!.buy(listings[i]!);
        const ok = key === listings[i]!.secret;
        runs.push({ ms: performance.now() - t0, ok, ...(ok ? {} : { error: 'revealed key differs' }) });
      } catch (err) {
        runs.push({ ms: performance.now() - t0, ok: false, error: (err as Error).message.slice(0, 200) });
      }
    }
  };
  await Promise.all(Array.from({ length: PURCHASE_CONCURRENCY }, worker));
  return runs;
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '–');

export async function benchLoad(): Promise<string> {
  const db = await createBenchDatabase('load');
  try {
    console.log(`load: migrating and seeding ${LISTINGS.toLocaleString('en')} listings…`);
    const migrate = await openPostgresDatabase(db.url, { max: 1 });
    await migrate.close();
    const s0 = performance.now();
    await seedListings(db.url, LISTINGS, realKeypair().address);
    const seedMs = performance.now() - s0;
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const sample = await client
      .query<{ address: string }>('SELECT address FROM addresses TABLESAMPLE SYSTEM (1) LIMIT 1000')
      .finally(() => client.end());

    const adminKeys = await HttpWallet.create('http://unused', clientIp(1));
    const server = await startServer(db.url, { TRUST_PROXY: '1', ADMIN_WALLETS: adminKeys.address });
    try {
      console.log(`load: ${PURCHASES} listings with real keys and ${PURCHASES} funded buyers…`);
      const admin = await HttpWallet.create(server.origin, clientIp(1), adminKeys.keys);
      await admin.signIn();
      const listings: { id: string; price: string; secret: string }[] = [];
      for (let i = 0; i < PURCHASES; i++) {
        const kp = realKeypair();
        listings.push({
          id: await admin.createListing(kp.address, kp.base58Secret, '0.25'),
          price: '0.25',
          secret: kp.base58Secret,
        });
      }
      const buyers = await Promise.all(
        Array.from({ length: PURCHASES }, (_, i) => HttpWallet.create(server.origin, clientIp(1_000 + i))),
      );
      for (const buyer of buyers) {
        await buyer.airdrop(2n * SOL);
        await buyer.signIn();
      }

      const mix = requestMix(sample.rows.map((r) => r.address));
      console.log(`load: 5 s warm-up, then ${SECONDS} s at ${CONNECTIONS} connections with ${PURCHASES} purchases…`);
      await drive(server.origin, mix, 5, CONNECTIONS);
      const loadStart = performance.now();
      let purchasesMs = NaN;
      const [r, purchases] = await Promise.all([
        drive(server.origin, mix, SECONDS, CONNECTIONS),
        runPurchases(buyers, listings).then((runs) => {
          purchasesMs = performance.now() - loadStart;
          return runs;
        }),
      ]);
      const load = loadNow();
      const failed = purchases.filter((p) => !p.ok);
      const times = purchases.map((p) => p.ms).sort((a, b) => a - b);
      const met = r.rps >= TARGET_RPS && r.p99 <= TARGET_P99_MS && r.errors + r.non2xx === 0;

      return [
        `Command: \`npm run bench -- load\` — ${LISTINGS.toLocaleString('en')} listings seeded with SQL in ${secs(seedMs)}; the real server (\`src/server/main.ts\`, PostgreSQL, local validator in-process, \`TRUST_PROXY=1\`) as a child process on loopback; autocannon in the bench process at ${CONNECTIONS} keep-alive connections for ${SECONDS} s after a 5 s warm-up, all on the same 2 cores. The mix, taken in turn: featured, market stats, the default page, a page of another sort (pages 1–5, price/rarity/date, asc/desc), a substring search (${SUBSTRINGS.length} strings), two address detail pages (1,000 sampled addresses), and \`POST /api/addresses/validate\` from distinct client addresses (the validator is rate-limited per IP). While it runs, ${PURCHASES} buyers (${PURCHASE_CONCURRENCY} at a time, each its own wallet and client address) each signed in beforehand, go through a purchase end to end over HTTP: initiate, pay on the local validator, confirm, poll verify, reveal, and check the revealed key is the listing's.`,
        '',
        table(
          [...LOAD_COLUMNS, 'target', 'load (1 min) after'],
          [
            [
              ...loadCells(r, 0, ms),
              `≥ ${TARGET_RPS.toLocaleString('en')} req/s, p99 ≤ ${TARGET_P99_MS} ms, no errors: ${met ? 'met' : 'missed'}`,
              load,
            ],
          ],
        ),
        '',
        table(
          ['purchases', 'succeeded', 'failed', 'p50 time', 'max time', 'all done after'],
          [
            [
              PURCHASES,
              purchases.length - failed.length,
              failed.length,
              ms(times[Math.floor(times.length / 2)] ?? NaN),
              ms(times[times.length - 1] ?? NaN),
              secs(purchasesMs),
            ],
          ],
        ),
        ...(failed.length > 0 ? ['', 'Failures:', ...failed.slice(0, 10).map((f) => `- ${f.error}`)] : []),
      ].join('\n');
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
