import pg from 'pg';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Rows per INSERT: each batch is its own transaction, so WAL and the client's wait stay bounded at 10M. */
const BATCH = 1_000_000;

/** How long each phase of `seedListings` took, in ms. */
export interface SeedTimes {
  insertMs: number;
  indexesMs: number;
  vacuumMs: number;
}

/**
 * `n` listings straight into SQL. Addresses are 44 base58 characters: 40 pseudo-random ones (base64 of
 * sha256(i) with the non-base58 characters mapped into the alphabet) and i in base58 as the last 4, so they are
 * unique by construction (up to 58⁴ ≈ 11.3M). One in 5 declares its first 3–7 characters as a prefix pattern (and
 * one of the six named categories, the rest are custom), one in 20 is sold, one in 500 pending (reserved), one in
 * 50 unlisted, 12 featured; prices 0.1–100 SOL, rarity 0–10, each row created at its own random moment of the last
 * year (so heap order says nothing about age). The addresses table's secondary indexes are dropped for the load
 * and re-created from their own definitions afterwards (same indexes, built once instead of row by row), then
 * VACUUM ANALYZE: the state autovacuum keeps a long-lived table in (statistics current, visibility map set, so
 * index-only scans skip the heap).
 *
 * At 10M listings the rows go in batches of a million, and the indexes are built on two connections
 * at once (one per core) with a large maintenance_work_mem: the trigram GIN indexes, which PostgreSQL 15 builds on
 * one core only, take most of the time, and the B-trees are built beside them.
 */
export async function seedListings(url: string, n: number, sellerWallet: string): Promise<SeedTimes> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A seed that fails halfway is dropped with its database, so nothing is lost by not waiting for the WAL flush.
    await client.query('SET synchronous_commit = off');
    const { rows: users } = await client.query<{ id: string }>(
      'INSERT INTO users (wallet_address) VALUES ($1) RETURNING id',
      [sellerWallet],
    );
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'addresses'
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'public.addresses'::regclass)`,
    );
    for (const ix of indexes) await client.query(`DROP INDEX "${ix.indexname}"`);
    const digit = (div: number) => `substr('${ALPHABET}', ((i / ${div}) % 58)::int + 1, 1)`;
    const t0 = performance.now();
    for (let from = 1; from <= n; from += BATCH) {
      await client.query(
        `INSERT INTO addresses (address, seller_id, price, rarity_score, pattern, pattern_position, pattern_length, category,
                                status, is_listed, is_featured, featured_until, created_at, updated_at)
         SELECT a.addr, $1, round((0.1 + random() * 99.9)::numeric, 2), round((random() * 10)::numeric, 1),
                CASE WHEN i % 5 = 0 THEN substr(a.addr, 1, 3 + (i / 5) % 5) END, CASE WHEN i % 5 = 0 THEN 'prefix' END,
                CASE WHEN i % 5 = 0 THEN 3 + (i / 5) % 5 ELSE 0 END,
                CASE WHEN i % 5 = 0 THEN (ARRAY['leading-zeros','palindrome','repeating','word-like','mathematical',
                                                'cultural'])[1 + (i / 5) % 6] ELSE 'custom' END,
                CASE WHEN i % 20 = 0 THEN 'sold' WHEN i % 500 = 2 THEN 'pending' ELSE 'available' END, i % 50 <> 0,
                i <= 12, CASE WHEN i <= 12 THEN now() + interval '7 days' END, g.ts, g.ts
         FROM (SELECT i, now() - random() * interval '365 days' AS ts
                 FROM generate_series($2::int, $3::int) AS i) g,
              LATERAL (SELECT translate(substr(encode(sha256(int4send(i)), 'base64'), 1, 40), '0OIl+/', '123456')
                              || ${digit(195112)} || ${digit(3364)} || ${digit(58)} || ${digit(1)} AS addr) a`,
        [users[0]!.id, from, Math.min(n, from + BATCH - 1)],
      );
    }
    const t1 = performance.now();
    await buildIndexes(
      url,
      indexes.map((ix) => ix.indexdef),
    );
    const t2 = performance.now();
    await client.query('VACUUM (ANALYZE) addresses');
    await client.query('VACUUM (ANALYZE) users');
    return { insertMs: t1 - t0, indexesMs: t2 - t1, vacuumMs: performance.now() - t2 };
  } finally {
    await client.end();
  }
}

/** The largest (GIN) first, each taken by whichever of two connections is free. */
async function buildIndexes(url: string, defs: string[]): Promise<void> {
  const queue = [...defs.filter((d) => / USING gin /i.test(d)), ...defs.filter((d) => !/ USING gin /i.test(d))];
  const worker = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      // Two of these at once stay well inside the machine's memory; a GIN build that fits in memory writes its
      // posting lists once instead of merging spilled runs.
      await c.query("SET maintenance_work_mem = '2GB'");
      await c.query('SET max_parallel_maintenance_workers = 0');
      for (let def = queue.shift(); def !== undefined; def = queue.shift()) await c.query(def);
    } finally {
      await c.end();
    }
  };
  await Promise.all([worker(), worker()]);
}
