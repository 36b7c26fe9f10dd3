import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, oneOf, timestamptz, ZERO_LAMPORTS } from './columns';
import { addresses } from './listings';
import { users } from './users';
import { CURRENCIES, PROMOTION_TYPES } from './values';

/** A paid promotion of a listing for a time window. Paid, so a money record: foreign keys restrict. */
export const listingPromotions = pgTable(
  'listing_promotions',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    promotionType: text('promotion_type').notNull(),
    price: lamports('price').notNull().default(ZERO_LAMPORTS),
    currency: text('currency').notNull().default('SOL'),
    duration: integer('duration').notNull(), // hours
    startTime: timestamptz('start_time').notNull().defaultNow(),
    endTime: timestamptz('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    purchasedBy: uuid('purchased_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('listing_promotions_type_check', oneOf(t.promotionType, PROMOTION_TYPES)),
    check('listing_promotions_currency_check', oneOf(t.currency, CURRENCIES)),
    index('listing_promotions_address_id_idx').on(t.addressId),
    // Expiry job: active promotions whose end time has passed.
    index('listing_promotions_active_end_idx').on(t.isActive, t.endTime),
  ],
);
