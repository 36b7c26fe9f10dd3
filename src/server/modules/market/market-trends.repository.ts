import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, marketTrends, transactions } from '../../db/schema';
import { buyableListing, SOLD_STATUSES } from './market-stats.repository';

export type NewTrendRow = typeof marketTrends.$inferInsert;

/** Per category; the `null` category is the whole market (ROLLUP's grand total). */
export interface ListingAggregate {
  category: string | null;
  avgPrice: string;
  medianPrice: string;
  minPrice: string;
  maxPrice: string;
  activeListings: number;
}

export interface SalesAggregate {
  category: string | null;
  totalVolume: string;
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

  /** Prices of listings for sale now, in SOL numeric: exact mean (rounded to 8 places) and exact median. */
  listingAggregates(db: Queryable, network: string): Promise<ListingAggregate[]> {
    const price = addresses.price;
    return db
      .select({
        category: sql<string | null>`${addresses.category}`,
        avgPrice: sql<string>`round(avg(${price}), 8)::text`,
        // Lower and upper middle values averaged: percentile_cont would go through float8.
        medianPrice: sql<string>`round((percentile_disc(0.5) within group (order by ${price})
          - percentile_disc(0.5) within group (order by -${price})) / 2, 8)::text`,
        minPrice: sql<string>`min(${price})::text`,
        maxPrice: sql<string>`max(${price})::text`,
        activeListings: sql<number>`count(*)::int`,
      })
      .from(addresses)
      .where(and(buyableListing(), eq(addresses.network, network), eq(addresses.currency, 'SOL')))
      .groupBy(sql`rollup(${addresses.category})`);
  },

  /** Verified or completed sales in (since, until], by the listing's category. */
  salesAggregates(db: Queryable, network: string, since: Date, until: Date): Promise<SalesAggregate[]> {
    return db
      .select({
        category: sql<string | null>`${addresses.category}`,
        totalVolume: sql<string>`sum(${transactions.price})::text`,
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
