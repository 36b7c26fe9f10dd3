import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { priceColumnLamports } from '@shared/money';
import type { Queryable } from '../../db/database';
import { addresses, marketTrends, transactions } from '../../db/schema';
import { buyableListing, SOLD_STATUSES } from './market-stats.repository';

export type NewTrendRow = typeof marketTrends.$inferInsert;

/** Per category; the `null` category is the whole market (ROLLUP's grand total). */
export interface ListingAggregate {
  category: string | null;
  avgPrice: bigint;
  medianPrice: bigint;
  minPrice: bigint;
  maxPrice: bigint;
  activeListings: number;
}

type RawAggregate = {
  [K in keyof ListingAggregate]: ListingAggregate[K] extends bigint ? string : ListingAggregate[K];
};

export interface SalesAggregate {
  category: string | null;
  totalVolume: bigint;
  soldCount: number;
}

const saleTime = sql`coalesce(${transactions.verifiedAt}, ${transactions.completedAt}, ${transactions.createdAt})`;

// pg_advisory_xact_lock key of a trends run: any fixed 64-bit number no other lock in the product uses.
const TRENDS_LOCK_KEY = 0x76762d7472656e64n; // 'vv-trend'

export const marketTrendsRepository = {
  /** Serialises trend runs across instances until the end of the caller's transaction. */
  async lockForRun(tx: Queryable): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(TRENDS_LOCK_KEY.toString())})`);
  },

  /** When the last run wrote its whole-market row, or null. */
  async lastRunAt(db: Queryable, network: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: marketTrends.timestamp })
      .from(marketTrends)
      .where(and(eq(marketTrends.network, network), isNull(marketTrends.category)))
      .orderBy(desc(marketTrends.timestamp))
      .limit(1);
    return row?.at ?? null;
  },

  /**
   * Prices of listings for sale now, in SOL numeric: exact mean (rounded to 8 places) and exact median (the lower
   * and upper middle values averaged, as `percentile_disc` of each order would give: `percentile_cont` would go
   * through float8), per category and for the whole market (category null).
   *
   * Counted per distinct price first (a hash aggregate), then the rest from those counts: sorting every listing's
   * price for the medians took 37 s at 10M listings, past the statement timeout, where this takes 8 s (2026-11-28,
   * docs/benchmarks.md). Prices are few next to listings, so the second stage is small.
   */
  async listingAggregates(db: Queryable, network: string): Promise<ListingAggregate[]> {
    const result = await db.execute(sql`
      with per_price as (
        select ${addresses.category} as category, ${addresses.price} as price, count(*) as n
        from ${addresses}
        where ${and(buyableListing(), eq(addresses.network, network), eq(addresses.currency, 'SOL'))}
        group by 1, 2
      ), per_level as (
        -- Each category's prices, and the whole market's (grouping() = 1, its category null).
        select category, grouping(category) as whole, price, sum(n) as n
        from per_price
        group by grouping sets ((category, price), (price))
      ), counted as (
        select category, whole, price, n,
               sum(n) over (partition by whole, category order by price) as below_or_at,
               sum(n) over (partition by whole, category) as total
        from per_level
      )
      select category,
             round(sum(price * n) / sum(n), 8)::text as "avgPrice",
             -- Lower middle: the first price at which half are counted; upper: the last from which half remain.
             round((min(price) filter (where 2 * below_or_at >= total)
                    + max(price) filter (where 2 * (total - below_or_at + n) >= total)) / 2, 8)::text as "medianPrice",
             min(price)::text as "minPrice",
             max(price)::text as "maxPrice",
             sum(n)::int as "activeListings"
      from counted
      group by whole, category
      order by whole, category
    `);
    // Raw SQL bypasses the column type: its amounts are read here, as the column would read them.
    return (result as unknown as { rows: RawAggregate[] }).rows.map((r) => ({
      category: r.category,
      avgPrice: priceColumnLamports(r.avgPrice),
      medianPrice: priceColumnLamports(r.medianPrice),
      minPrice: priceColumnLamports(r.minPrice),
      maxPrice: priceColumnLamports(r.maxPrice),
      activeListings: r.activeListings,
    }));
  },

  /** Verified or completed sales in (since, until], by the listing's category. */
  salesAggregates(db: Queryable, network: string, since: Date, until: Date): Promise<SalesAggregate[]> {
    return db
      .select({
        category: sql<string | null>`${addresses.category}`,
        totalVolume: sql`sum(${transactions.price})`.mapWith(transactions.price),
        soldCount: sql<number>`count(*)::int`,
      })
      .from(transactions)
      .innerJoin(addresses, eq(addresses.id, transactions.addressId))
      .where(
        and(
          inArray(transactions.status, [...SOLD_STATUSES]),
          eq(transactions.currency, 'SOL'),
          eq(addresses.network, network),
          gt(saleTime, since.toISOString()),
          lte(saleTime, until.toISOString()),
        ),
      )
      .groupBy(sql`rollup(${addresses.category})`);
  },

  /** The newest row per category of a network/period with `from ≤ timestamp ≤ to`: the baseline of a change. */
  latestBetween(db: Queryable, network: string, period: string, from: Date, to: Date) {
    return db
      .selectDistinctOn([marketTrends.category], {
        category: marketTrends.category,
        avgPrice: marketTrends.avgPrice,
        totalVolume: marketTrends.totalVolume,
      })
      .from(marketTrends)
      .where(
        and(
          eq(marketTrends.network, network),
          eq(marketTrends.period, period),
          gte(marketTrends.timestamp, from),
          lte(marketTrends.timestamp, to),
        ),
      )
      .orderBy(marketTrends.category, desc(marketTrends.timestamp));
  },

  async insertMany(db: Queryable, rows: NewTrendRow[]): Promise<void> {
    if (rows.length > 0) await db.insert(marketTrends).values(rows);
  },

  async deleteOlderThan(db: Queryable, cutoff: Date): Promise<number> {
    const rows = await db
      .delete(marketTrends)
      .where(lt(marketTrends.timestamp, cutoff))
      .returning({ id: marketTrends.id });
    return rows.length;
  },

  /** Latest rows of a network/period, newest first (for readers and tests). */
  latest(db: Queryable, network: string, period: string, limit = 50) {
    return db
      .select()
      .from(marketTrends)
      .where(and(eq(marketTrends.network, network), eq(marketTrends.period, period)))
      .orderBy(desc(marketTrends.timestamp))
      .limit(limit);
  },
};
