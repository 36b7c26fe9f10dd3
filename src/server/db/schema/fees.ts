import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, lamports, oneOf, percentage, timestamptz, ZERO_LAMPORTS } from './columns';
import { CURRENCIES, NETWORKS } from './values';

/** Platform fees per network. Percentages are 0–100 (2.50 = 2.5%); fees in lamports. */
export const feeConfig = pgTable(
  'fee_config',
  {
    id: id(),
    network: text('network').notNull().default('solana'),
    exchangeFeePercentage: percentage('exchange_fee_percentage').notNull().default('0'),
    commissionFeePercentage: percentage('commission_fee_percentage').notNull().default('0'),
    minimumFee: lamports('minimum_fee').notNull().default(ZERO_LAMPORTS),
    maximumFee: lamports('maximum_fee'), // NULL: no cap
    gasFeeMultiplier: numeric('gas_fee_multiplier', { precision: 4, scale: 2 }).notNull().default('1.20'),
    effectiveFrom: timestamptz('effective_from').notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('fee_config_network_check', oneOf(t.network, NETWORKS)),
    check(
      'fee_config_percentages_range',
      sql`${t.exchangeFeePercentage} between 0 and 100 and ${t.commissionFeePercentage} between 0 and 100`,
    ),
    // One active configuration per network, so "the fee" is never ambiguous and seeding is idempotent.
    uniqueIndex('fee_config_one_active_per_network')
      .on(t.network)
      .where(sql`${t.isActive}`),
  ],
);

/** Membership tiers; `commissionDiscount` is the percentage taken off the commission (20 = 20% off). */
export const membershipTiers = pgTable(
  'membership_tiers',
  {
    id: id(),
    name: text('name').notNull().unique(),
    price: lamports('price').notNull().default(ZERO_LAMPORTS),
    currency: text('currency').notNull().default('SOL'),
    billingPeriod: text('billing_period').notNull().default('monthly'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    maxListings: integer('max_listings'), // NULL: unlimited
    featuredListingsIncluded: integer('featured_listings_included').notNull().default(0),
    commissionDiscount: percentage('commission_discount').notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('membership_tiers_currency_check', oneOf(t.currency, CURRENCIES)),
    check('membership_tiers_discount_range', sql`${t.commissionDiscount} between 0 and 100`),
  ],
);

/** Per-service fee table (e.g. promotion prices by tier). Either a fixed `amount` or a `percentage`. */
export const feeStructure = pgTable(
  'fee_structure',
  {
    id: id(),
    service: text('service').notNull(),
    tier: text('tier').notNull().default('basic'),
    feeType: text('fee_type').notNull(), // fixed or percentage
    amount: lamports('amount'),
    percentage: percentage('percentage'),
    currency: text('currency').notNull().default('SOL'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('fee_structure_fee_type_check', oneOf(t.feeType, ['fixed', 'percentage'])),
    check('fee_structure_currency_check', oneOf(t.currency, CURRENCIES)),
  ],
);
