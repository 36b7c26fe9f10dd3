import { parseSolToLamports, PRICE_DECIMALS } from '../money';
import { RARITY_TIER_IDS, RARITY_TIERS as TIERS, tierOf, type RarityTierId } from '../rarity/tier';

/*
 * The marketplace filters' values and range rule, without Zod (search-filters.ts re-exports them with the schemas):
 * the marketplace reads its URL with them before its first render (docs/decisions/0014-first-paint.md).
 */

/** Where the search text sits in the address: served by the address's trigram index in each case. */
export const POSITION_VALUES = ['anywhere', 'start', 'end'] as const;
export type SearchPosition = (typeof POSITION_VALUES)[number];

/**
 * The rarity tiers the `tier` filter takes: the rarity model's one set (src/shared/rarity/tier.ts), by id
 * (lower case: elite, rare, uncommon, notable, common, basic), each covering a rarity-score range.
 */
export const RARITY_TIERS = TIERS;
export const RARITY_TIER_VALUES = RARITY_TIER_IDS;
export type RarityTier = RarityTierId;

/** Solana addresses are 32–44 characters; no pattern is longer. */
export const MAX_PATTERN_LENGTH = 44;

interface Ranges {
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
}

/** Why the ranges contradict each other (min above max), or null. */
export function rangeProblem(q: Ranges): string | null {
  if (q.minLength !== undefined && q.maxLength !== undefined && q.minLength > q.maxLength) {
    return 'minLength must not be greater than maxLength';
  }
  if (q.minPrice !== undefined && q.maxPrice !== undefined) {
    const min = parseSolToLamports(q.minPrice, { maxDecimals: PRICE_DECIMALS });
    const max = parseSolToLamports(q.maxPrice, { maxDecimals: PRICE_DECIMALS });
    if (min > max) return 'minPrice must not be greater than maxPrice';
  }
  return null;
}

/** The tier a rarity score falls in. */
export const rarityTierOf = (score: number): RarityTier => tierOf(score).id;
