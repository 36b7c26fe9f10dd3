import { randomInt } from 'node:crypto';
import { patternKeyOf, addressKeys, type PatternClass } from '@shared/pattern-keys';
import { createOpenBidIndex } from '@server/modules/bids/open-bid-index';
import type { Database } from '@server/db/database';
import { bidsRepository } from '@server/modules/bids';
import { randomAddress, type BidPattern } from './bid-patterns';

const SEEDED_BIDDERS = 50;

/**
 * Inserts `patterns` as open pattern bids straight into `bids`, from 50 seeded users: never funded (no deposit, no
 * escrow key; the escrow is a random address nobody holds), which is fine as long as none of them matches a listing.
 * Prices 0.1–5 SOL, placed over the last 30 days, running 60 more.
 */
export async function seedOpenBids(database: Database, patterns: readonly BidPattern[]): Promise<void> {
  const wallets = Array.from({ length: SEEDED_BIDDERS }, randomAddress);
  const users = await database.query<{ id: string; wallet_address: string }>(
    'insert into users (wallet_address) select unnest($1::text[]) returning id, wallet_address',
    [wallets],
  );
  const bidders = patterns.map((_, i) => users[i % users.length]!);
  const maxPrices = patterns.map(() => BigInt(randomInt(100, 5_000)) * 1_000_000n);
  await database.query(
    `insert into bids (kind, bidder_id, bidder_wallet, pattern, pattern_key, position, case_sensitive,
       max_price_lamports, total_lamports, escrow, status, expires_at, funded_at, created_at)
     select 'pattern', b, w, p, k, pos, cs, m, m + m / 20 + 5000, e, 'open', now() + interval '60 days', c, c
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::bigint[], $8::text[],
                 $9::timestamptz[]) as t(b, w, p, k, pos, cs, m, e, c)`,
    [
      bidders.map((u) => u.id),
      bidders.map((u) => u.wallet_address),
      patterns.map((p) => p.pattern),
      patterns.map((p) => patternKeyOf(p.pattern, p.caseSensitive)),
      patterns.map((p) => p.position),
      patterns.map((p) => p.caseSensitive),
      maxPrices.map(String),
      patterns.map(() => randomAddress()),
      patterns.map(() => new Date(Date.now() - randomInt(30 * 86_400) * 1000).toISOString()),
    ],
  );
  await database.query('analyze bids');
}

/** The SQL and parameters of a drizzle query builder (the repository returns it typed as its promise). */
const sqlOf = (query: unknown) => (query as { toSQL(): { sql: string; params: unknown[] } }).toSQL();

/**
 * EXPLAIN ANALYZE of the repository's own `matching` query for one chunk's keys of class `c` (at most 5,000, as
 * fillNewListings sends them): the plan of the very SQL the server sends.
 */
export async function explainMatching(database: Database, c: PatternClass, addresses: readonly string[]) {
  const keys = [...new Set(addresses.flatMap((a) => addressKeys(a, c)))].slice(0, 5_000);
  const { sql, params } = sqlOf(bidsRepository.matching(database.db, c, keys));
  const rows = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${sql}`, params);
  // The keys array is printed in full in the plan: shortened to its size.
  const short = (line: string) => line.replace(/'\{[^}]*\}'::text\[\]/g, `'{…${keys.length} keys…}'::text[]`);
  return { keys: keys.length, plan: rows.map((r) => short(r['QUERY PLAN'])) };
}

export interface MatchingProfile {
  chunks: number;
  rows: number;
  /** The open-bid index: read whole for the first chunk, topped up (bids funded since) before each later one. */
  indexMs: number;
  /** Each address walked through the index. */
  keysMs: number;
  /** The keys it proposed, looked up in bids_open_match_idx. */
  lookupsMs: number;
  queries: number;
  keys: number;
  found: number;
}

/**
 * The matching half of fillNewListings replayed over chunks of `addresses` (its loop, without the fills): the open
 * bids' in-memory index brought up to date per chunk, each address walked through it, and the keys it proposes looked
 * up in the database, one query per class that has any.
 */
export async function replayMatching(database: Database, chunks: readonly string[][]): Promise<MatchingProfile> {
  const p: MatchingProfile = { chunks: 0, rows: 0, indexMs: 0, keysMs: 0, lookupsMs: 0, queries: 0, keys: 0, found: 0 };
  const openBids = createOpenBidIndex(database.db);
  for (const chunk of chunks) {
    let t = performance.now();
    const index = await openBids.current();
    p.indexMs += performance.now() - t;
    t = performance.now();
    const byClass = new Map<string, { c: PatternClass; keys: Set<string> }>();
    for (const address of chunk) {
      for (const m of index.matches(address)) {
        const id = `${m.position}|${m.caseSensitive}|${m.length}`;
        const entry = byClass.get(id) ?? { c: m, keys: new Set<string>() };
        entry.keys.add(m.key);
        byClass.set(id, entry);
      }
    }
    p.keysMs += performance.now() - t;
    t = performance.now();
    for (const { c, keys } of byClass.values()) {
      p.found += (await bidsRepository.matching(database.db, c, [...keys])).length;
      p.queries += 1;
      p.keys += keys.size;
    }
    p.lookupsMs += performance.now() - t;
    p.chunks += 1;
    p.rows += chunk.length;
  }
  return p;
}
