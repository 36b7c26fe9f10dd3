import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, sessions, transactions } from '../../db/schema';

/** Sales that count as done (docs/domain.md#purchase-states): the payment was verified on chain. */
export const SOLD_STATUSES = ['verified', 'completed'] as const;

/** A listing a buyer could start buying right now. */
export const buyableListing = () =>
  and(eq(addresses.status, 'available'), eq(addresses.isListed, true), isNull(addresses.deletedAt));

export interface RawMarketStats {
  totalAddresses: number;
  /** numeric(18,8) text straight from SQL, so no float touches the sum or the mean. */
  totalVolume: string;
  avgPrice: string;
  activeUsers: number;
}

/** The four Home tiles, each from its own aggregate (definitions in docs/market-data.md). */
export const marketStatsRepository = {
  async read(db: Queryable, activeSince: Date): Promise<RawMarketStats> {
    const [listings] = await db
      .select({
        n: sql<number>`count(*)::int`,
        // Rounded in SQL to the column's scale: avg() of numeric is numeric with many more digits.
        avg: sql<string>`coalesce(round(avg(${addresses.price}), 8), 0)::text`,
      })
      .from(addresses)
      .where(and(buyableListing(), eq(addresses.currency, 'SOL')));

    const [volume] = await db
      .select({ sum: sql<string>`coalesce(sum(${transactions.price}), 0)::text` })
      .from(transactions)
      .where(and(inArray(transactions.status, [...SOLD_STATUSES]), eq(transactions.currency, 'SOL')));

    // A wallet is active when, in the window, it signed in (a session used), started a purchase, sold, or listed.
    const since = activeSince.toISOString();
    const [active] = await db.select({ n: sql<number>`count(distinct u.user_id)::int` }).from(
      sql`(
          select ${sessions.userId} as user_id from ${sessions} where ${sessions.lastSeenAt} >= ${since}
          union all
          select ${transactions.buyerId} from ${transactions} where ${transactions.createdAt} >= ${since}
          union all
          select ${transactions.sellerId} from ${transactions}
            where ${transactions.status} in ('verified', 'completed')
              and coalesce(${transactions.verifiedAt}, ${transactions.completedAt}, ${transactions.createdAt}) >= ${since}
          union all
          select ${addresses.sellerId} from ${addresses} where ${addresses.createdAt} >= ${since}
        ) as u`,
    );

    return {
      totalAddresses: listings?.n ?? 0,
      avgPrice: listings?.avg ?? '0',
      totalVolume: volume?.sum ?? '0',
      activeUsers: active?.n ?? 0,
    };
  },
};
