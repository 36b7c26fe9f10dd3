import { z } from 'zod';
import { parseSolToLamports, PRICE_DECIMALS } from '../money';
import { parseSolInput } from '../sol-input';
import { CATEGORIES } from '../domain-values';
import { RARITY_TIER_IDS, RARITY_TIERS as TIERS, tierOf, type RarityTierId } from '../rarity/tier';
import { isSolanaAddress } from '../keys/base58';

/**
 * The marketplace's filters beyond the spec's search box (issue 20). Every one is optional and off by default, so
 * the spec's GET /api/addresses/search answers exactly as before without them.
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

const patternLength = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${MAX_PATTERN_LENGTH}` })
    .int(`${name} must be a whole number from 1 to ${MAX_PATTERN_LENGTH}`)
    .min(1, `${name} must be a whole number from 1 to ${MAX_PATTERN_LENGTH}`)
    .max(MAX_PATTERN_LENGTH, `${name} must be a whole number from 1 to ${MAX_PATTERN_LENGTH}`)
    .optional();

/**
 * A price bound as typed SOL (0 allowed; "0,5" is 0.5, as in the create form: `parseSolInput`), normalised to the
 * plain decimal the numeric column compares to.
 */
const priceBound = (name: string) =>
  z
    .string()
    .trim()
    .max(32, `${name} is too long`)
    .transform((text, ctx) => {
      const read = parseSolInput(text, { label: name, maxDecimals: PRICE_DECIMALS, allowZero: true });
      if (read.ok) return read.sol;
      ctx.addIssue({ code: 'custom', message: read.reason });
      return z.NEVER;
    })
    .optional();

export const searchFilterFields = {
  position: z.enum(POSITION_VALUES, { error: 'position must be anywhere, start or end' }).default('anywhere'),
  category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }).optional(),
  minLength: patternLength('minLength'),
  maxLength: patternLength('maxLength'),
  minPrice: priceBound('minPrice'),
  maxPrice: priceBound('maxPrice'),
  tier: z.enum(RARITY_TIER_VALUES, { error: `tier must be one of ${RARITY_TIER_VALUES.join(', ')}` }).optional(),
  /** One seller's listings (the address page's "More from this seller"), by the seller's wallet. */
  seller: z
    .string()
    .trim()
    .max(44, 'seller must be a Solana wallet address')
    .refine(isSolanaAddress, 'seller must be a Solana wallet address')
    .optional(),
};

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
