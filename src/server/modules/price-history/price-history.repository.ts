import { and, asc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, priceHistory } from '../../db/schema';

/** Bounded: a chart needs the shape, not every repricing of a listing edited thousands of times. */
const MAX_POINTS = 200;

/** What a price event shows, on the chart and in the activity list. */
export const priceEventColumns = {
  price: priceHistory.price,
  previousPrice: priceHistory.previousPrice,
  currency: priceHistory.currency,
  changeType: priceHistory.changeType,
  timestamp: priceHistory.timestamp,
};

export const priceHistoryRepository = {
  /** The listing's price, currency and listing time, unless it was deleted. */
  async listing(db: Queryable, id: string) {
    const [row] = await db
      .select({ price: addresses.price, currency: addresses.currency, createdAt: addresses.createdAt })
      .from(addresses)
      .where(and(eq(addresses.id, id), ne(addresses.status, 'deleted')))
      .limit(1);
    return row;
  },

  async events(db: Queryable, id: string) {
    return db
      .select(priceEventColumns)
      .from(priceHistory)
      .where(eq(priceHistory.addressId, id))
      .orderBy(asc(priceHistory.timestamp))
      .limit(MAX_POINTS);
  },
};
