import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, marketplaceListing } from '../../db/schema';

// Available and listed: what a visitor can buy. marketplaceListing keeps the partial indexes usable.
const forSale = and(marketplaceListing(addresses), eq(addresses.status, 'available'));

export const sitemapRepository = {
  async countForSale(db: Queryable): Promise<number> {
    const [row] = await db.select({ n: count() }).from(addresses).where(forSale);
    return row?.n ?? 0;
  },

  /** Listings for sale in a stable order (oldest first, so a file's contents change little as listings come). */
  forSale(db: Queryable, offset: number, limit: number) {
    return db
      .select({ address: addresses.address, updatedAt: addresses.updatedAt })
      .from(addresses)
      .where(forSale)
      .orderBy(asc(addresses.createdAt), asc(addresses.id))
      .offset(offset)
      .limit(limit);
  },
};
