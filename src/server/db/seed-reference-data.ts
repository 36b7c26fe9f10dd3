import { LAMPORTS_PER_SOL } from '@shared/money';
import type { Queryable } from './database';
import { algorithmAdjustments, feeConfig, membershipTiers } from './schema';

/**
 * Fee defaults for Solana. Commission 2.5% (a common NFT-marketplace rate), charged only when TREASURY_WALLET
 * is set (docs/domain.md#configuration); no exchange fee because payments never change currency. No minimum, so a cheap
 * listing is not taxed above its rate; capped at 10 SOL so a rare address is not charged a fortune for one transfer.
 */
export const DEFAULT_SOLANA_FEE_CONFIG = {
  network: 'solana',
  exchangeFeePercentage: '0',
  commissionFeePercentage: '2.50',
  minimumFee: 0n,
  maximumFee: 10n * LAMPORTS_PER_SOL,
  gasFeeMultiplier: '1.20',
} as const satisfies typeof feeConfig.$inferInsert;

/**
 * Membership tiers. Every buyer is `basic` today (the spec always sends membershipTier basic); pro and elite
 * exist so the fee code has real discounts to apply, kept modest: 20% and 40% off the commission.
 */
export const DEFAULT_MEMBERSHIP_TIERS = [
  {
    name: 'basic',
    price: 0n,
    billingPeriod: 'monthly',
    features: ['Buy and list vanity addresses'],
    maxListings: null,
    featuredListingsIncluded: 0,
    commissionDiscount: '0',
  },
  {
    name: 'pro',
    price: 1n * LAMPORTS_PER_SOL,
    billingPeriod: 'monthly',
    features: ['20% off commission', '3 featured listings per month'],
    maxListings: null,
    featuredListingsIncluded: 3,
    commissionDiscount: '20',
  },
  {
    name: 'elite',
    price: 5n * LAMPORTS_PER_SOL,
    billingPeriod: 'monthly',
    features: ['40% off commission', '10 featured listings per month'],
    maxListings: null,
    featuredListingsIncluded: 10,
    commissionDiscount: '40',
  },
] as const satisfies readonly (typeof membershipTiers.$inferInsert)[];

/** The valuation model's starting point (docs/domain.md#estimated-value) until enough sales exist to recalibrate it. */
export const INITIAL_SOLANA_ADJUSTMENT = {
  network: 'solana',
  baseValueMultiplier: '1',
  salesDataPeriod: 30,
  confidenceScore: '0.5',
  adjustmentReason: 'initial calibration',
} as const satisfies typeof algorithmAdjustments.$inferInsert;

/**
 * Inserts the reference rows the product needs to price and value anything. Safe on every start and from
 * several instances at once: each insert is `ON CONFLICT DO NOTHING` against a unique index (tier name; one
 * active fee config / adjustment per network), so existing rows — including an admin's edits — are kept.
 */
export async function seedReferenceData(db: Queryable): Promise<void> {
  await db.insert(feeConfig).values(DEFAULT_SOLANA_FEE_CONFIG).onConflictDoNothing();
  await db
    .insert(membershipTiers)
    .values(DEFAULT_MEMBERSHIP_TIERS.map((tier) => ({ ...tier, features: [...tier.features] })))
    .onConflictDoNothing();
  await db.insert(algorithmAdjustments).values(INITIAL_SOLANA_ADJUSTMENT).onConflictDoNothing();
}
