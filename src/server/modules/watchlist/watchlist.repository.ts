import { and, desc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, watchlist } from '../../db/schema';

export const watchlistRepository = {
  /** Starred listings of one user, newest star first; deleted listings drop out. */
  async listIds(db: Queryable, userId: string): Promise<string[]> {
    const rows = await db
      .select({ addressId: watchlist.addressId })
      .from(watchlist)
      .innerJoin(addresses, eq(addresses.id, watchlist.addressId))
      .where(and(eq(watchlist.userId, userId), ne(addresses.status, 'deleted')))
      .orderBy(desc(watchlist.createdAt));
    return rows.map((r) => r.addressId);
  },

  async listingExists(db: Queryable, addressId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), ne(addresses.status, 'deleted')))
      .limit(1);
    return row !== undefined;
  },

  /** Idempotent: starring twice keeps one row. */
  async add(db: Queryable, userId: string, addressId: string): Promise<void> {
    await db.insert(watchlist).values({ userId, addressId }).onConflictDoNothing();
  },

  async remove(db: Queryable, userId: string, addressId: string): Promise<void> {
    await db.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.addressId, addressId)));
  },
};
