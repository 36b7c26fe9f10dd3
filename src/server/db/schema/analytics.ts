import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, rarity, timestamptz } from './columns';
import { addresses } from './listings';
import { transactions } from './transactions';

/**
 * Valuation calibration (docs/domain.md#estimated-value): `baseValueMultiplier` is refitted from the last
 * `salesDataPeriod` days of `sales_analytics`. To recalibrate, deactivate the current row and insert the new one in one
 * transaction (the partial unique index allows one active row per network).
 */
export const algorithmAdjustments = pgTable(
  'algorithm_adjustments',
  {
    id: id(),
    network: text('network').notNull().default('solana'),
    baseValueMultiplier: numeric('base_value_multiplier', { precision: 12, scale: 6 }).notNull().default('1'),
    salesDataPeriod: integer('sales_data_period').notNull().default(30), // days
    lastAdjustment: timestamptz('last_adjustment').notNull().defaultNow(),
    nextAdjustment: timestamptz('next_adjustment'),
    salesCount: integer('sales_count').notNull().default(0),
    averageActualPrice: lamports('average_actual_price'),
    averageEstimatedPrice: lamports('average_estimated_price'),
    adjustmentReason: text('adjustment_reason'),
    confidenceScore: numeric('confidence_score', { precision: 3, scale: 2 }).notNull().default('0.5'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('algorithm_adjustments_multiplier_positive', sql`${t.baseValueMultiplier} > 0`),
    check('algorithm_adjustments_confidence_range', sql`${t.confidenceScore} between 0 and 1`),
    uniqueIndex('algorithm_adjustments_one_active_per_network')
      .on(t.network)
      .where(sql`${t.isActive}`),
  ],
);

/** One row per completed sale: the evidence the valuation model is recalibrated from. */
export const salesAnalytics = pgTable(
  'sales_analytics',
  {
    id: id(),
    // Unique so a verifier that runs twice records a sale once.
    transactionId: uuid('transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'restrict' }),
    network: text('network').notNull().default('solana'),
    rarityScore: rarity('rarity_score'),
    category: text('category'),
    estimatedValue: lamports('estimated_value'),
    actualSalePrice: lamports('actual_sale_price').notNull(),
    priceVariance: lamports('price_variance'), // actual − estimated, signed
    saleDate: timestamptz('sale_date').notNull().defaultNow(),
    leadingZeros: integer('leading_zeros').notNull().default(0),
    patterns: jsonb('patterns').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  // Recalibration reads one network's last N days.
  (t) => [index('sales_analytics_network_sale_date_idx').on(t.network, t.saleDate)],
);
