import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { changePercent, createdAt, decimalAmount, id, lamports, oneOf, timestamptz, ZERO_LAMPORTS } from './columns';
import { addresses } from './listings';
import { transactions } from './transactions';
import { CURRENCIES, NETWORKS } from './values';

/** Last known USD rate per currency, refreshed from PRICE_FEED_URL (docs/domain.md#configuration). */
export const priceCache = pgTable('price_cache', {
  id: id(),
  currency: text('currency').notNull().unique(),
  usdPrice: decimalAmount('usd_price').notNull(),
  lastUpdated: timestamptz('last_updated').notNull().defaultNow(),
});

/** Price events of one listing: listed, repriced, sold. */
export const priceHistory = pgTable(
  'price_history',
  {
    id: id(),
    // A listing can only be hard-deleted while nothing was ever bought (transactions restrict), so this
    // cascade only drops the repricing history of a never-sold listing.
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    price: lamports('price').notNull(),
    currency: text('currency').notNull().default('SOL'),
    priceUsd: decimalAmount('price_usd'),
    changeType: text('change_type').notNull(), // e.g. listed, price_change, sale
    previousPrice: lamports('previous_price'),
    changePercentage: changePercent('change_percentage'),
    marketCap: decimalAmount('market_cap'),
    volume24h: decimalAmount('volume_24h'),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    check('price_history_currency_check', oneOf(t.currency, CURRENCIES)),
    index('price_history_address_time_idx').on(t.addressId, t.timestamp),
    index('price_history_transaction_id_idx').on(t.transactionId),
  ],
);

/** Aggregated market figures per network, category (NULL = all) and period ('24h', '7d', '30d'). */
export const marketTrends = pgTable(
  'market_trends',
  {
    id: id(),
    category: text('category'),
    network: text('network').notNull().default('solana'),
    avgPrice: lamports('avg_price'),
    medianPrice: lamports('median_price'),
    minPrice: lamports('min_price'),
    maxPrice: lamports('max_price'),
    totalVolume: lamports('total_volume').notNull().default(ZERO_LAMPORTS),
    activeListings: integer('active_listings').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    priceChange24h: changePercent('price_change_24h'),
    priceChange7d: changePercent('price_change_7d'),
    volumeChange24h: changePercent('volume_change_24h'),
    period: text('period').notNull(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('market_trends_network_check', oneOf(t.network, NETWORKS)),
    // Latest figures for a network/period (category filtered after).
    index('market_trends_lookup_idx').on(t.network, t.period, t.timestamp.desc().nullsFirst()),
  ],
);
