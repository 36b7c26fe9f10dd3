import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PatternClass } from '@shared/pattern-keys';
import type { Queryable } from '../../db/database';
import { addresses, bids, marketplaceListing, transactions } from '../../db/schema';
import { SOLD_STATUSES } from './market-stats.repository';

/**
 * A listing's class position from its open-text `pattern_position`: prefix and suffix are the bid positions of the
 * same name; everything else (the rarity model's 'middle', or no position) is 'anywhere', the only bid position
 * such an address can fill. Each listing falls in exactly one class, so a prefix listing is not also counted as
 * 'anywhere' even though an anywhere bid would match it.
 */
function listingPosition(position: PatternClass['position']): SQL {
  if (position === 'anywhere') return sql`coalesce(${addresses.patternPosition}, '') not in ('prefix', 'suffix')`;
  return eq(addresses.patternPosition, position);
}

/** The listings of one class. Lamport amounts are SOL listings only: another currency's price is not lamports. */
const ofClass = (c: PatternClass) =>
  and(
    eq(addresses.patternLength, c.length),
    eq(addresses.caseSensitivePattern, c.caseSensitive),
    listingPosition(c.position),
  );

/** When a sale happened: its payment's verification, as the Home volume and activity list date it. */
const soldAt = () =>
  sql<Date>`coalesce(${transactions.verifiedAt}, ${transactions.completedAt}, ${transactions.createdAt})`;

/**
 * Sales of the class, from the purchase rows: `price_lamports` is exactly what the seller is paid (the payout leg
 * is planned from it, settlement/legs.ts), and the row is verified the moment the sale happens, while the ledger's
 * payout entry appears only once the payout transaction lands (minutes or retries later) and price_history has
 * no length or case to join on beyond the listing anyway. So the purchase row is the sale, on time, at its price.
 */
const soldOfClass = (c: PatternClass) =>
  and(
    inArray(transactions.status, [...SOLD_STATUSES]),
    eq(transactions.currency, 'SOL'),
    // Every listing of the class ever sold, listed again or not: the marketplace predicate would drop sold ones.
    ofClass(c),
  );

export const patternClassRepository = {
  /** The cheapest listing of the class a buyer could start buying now; price then id, so ties answer the same. */
  async floor(db: Queryable, c: PatternClass) {
    const [row] = await db
      .select({ price: addresses.price, addressId: addresses.id, address: addresses.address })
      .from(addresses)
      // marketplaceListing spelled as the addresses_market_* partial indexes are, so the planner may use them
      // (the price index read in order, or the pattern-length one).
      .where(
        and(
          marketplaceListing(addresses),
          eq(addresses.status, 'available'),
          eq(addresses.currency, 'SOL'),
          ofClass(c),
        ),
      )
      .orderBy(asc(addresses.price), asc(addresses.id))
      .limit(1);
    return row;
  },

  /**
   * The highest price an open pattern bid of the class pays. `bids_open_match_idx` (position, case, key, price)
   * holds every column read here: an index-only range over the class's position and case, the length checked on
   * the key it carries. 'open' is the bid's own word for funded and live; the bids module owns when that ends.
   */
  async bestBid(db: Queryable, c: PatternClass): Promise<bigint | null> {
    const [row] = await db
      .select({ max: sql<string | null>`max(${bids.maxPriceLamports})::text` })
      .from(bids)
      .where(
        and(
          sql`${bids.status} = 'open' and ${bids.kind} = 'pattern'`,
          eq(bids.position, c.position),
          eq(bids.caseSensitive, c.caseSensitive),
          sql`char_length(${bids.patternKey}) = ${c.length}`,
        ),
      );
    return row?.max ? BigInt(row.max) : null;
  },

  async lastSale(db: Queryable, c: PatternClass) {
    const [row] = await db
      .select({ priceLamports: transactions.priceLamports, at: soldAt().mapWith(transactions.verifiedAt) })
      .from(transactions)
      .innerJoin(addresses, eq(addresses.id, transactions.addressId))
      .where(soldOfClass(c))
      .orderBy(desc(soldAt()), desc(transactions.id))
      .limit(1);
    return row;
  },

  /**
   * Sales per UTC day since `since`. percentile_disc picks a real sale's price (the lower middle of an even count)
   * and stays an exact bigint; percentile_cont would interpolate through double precision.
   */
  async dailySales(db: Queryable, c: PatternClass, since: Date) {
    const day = sql<string>`to_char(${soldAt()} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        day,
        median: sql<string>`(percentile_disc(0.5) within group (order by ${transactions.priceLamports}))::text`,
        sales: sql<number>`count(*)::int`,
      })
      .from(transactions)
      .innerJoin(addresses, eq(addresses.id, transactions.addressId))
      .where(and(soldOfClass(c), sql`${soldAt()} >= ${since.toISOString()}`))
      .groupBy(day);
    return rows.map((r) => ({ day: r.day, medianLamports: BigInt(r.median), sales: r.sales }));
  },
};
