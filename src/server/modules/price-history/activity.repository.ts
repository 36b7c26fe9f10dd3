import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { priceHistory, transactions } from '../../db/schema';
import { priceEventColumns, priceHistoryRepository } from './price-history.repository';

/** Rows read per source: the list shows the latest events, and a listing edited thousands of times stays cheap. */
export const ACTIVITY_LIMIT = 100;

/**
 * The rows a listing's activity is read from. There is no event table to keep in step: each event is the row its
 * own change already writes in that change's database transaction (the listing row, a price_history row, a
 * purchase row and its state), so the activity can never disagree with what happened.
 */
export const activityRepository = {
  listing: priceHistoryRepository.listing,

  /** The seller's repricings (and a `listed` row where one was written), newest first; sales come from purchases. */
  priceEvents(db: Queryable, id: string) {
    return db
      .select(priceEventColumns)
      .from(priceHistory)
      .where(and(eq(priceHistory.addressId, id), inArray(priceHistory.changeType, ['listed', 'price_change'])))
      .orderBy(desc(priceHistory.timestamp))
      .limit(ACTIVITY_LIMIT);
  },

  /**
   * The listing's purchases, newest first: each reservation, and every purchase whose payment landed (an Actions
   * purchase reserves nothing, and anyone may start one, so an unpaid one is no event). Only the columns an
   * event shows are read: never the buyer, the payment reference or the failure text.
   */
  purchases(db: Queryable, id: string) {
    return db
      .select({
        status: transactions.status,
        failureKind: transactions.failureKind,
        reservesListing: transactions.reservesListing,
        price: transactions.price,
        currency: transactions.currency,
        txHash: transactions.txHash,
        createdAt: transactions.createdAt,
        expiresAt: transactions.expiresAt,
        verifiedAt: transactions.verifiedAt,
        completedAt: transactions.completedAt,
        updatedAt: transactions.updatedAt,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.addressId, id),
          or(
            eq(transactions.reservesListing, true),
            isNotNull(transactions.txHash),
            eq(transactions.failureKind, 'refund_due'),
          ),
        ),
      )
      .orderBy(desc(transactions.createdAt))
      .limit(ACTIVITY_LIMIT);
  },
};
