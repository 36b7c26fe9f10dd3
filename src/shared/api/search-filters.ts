import { z } from 'zod';
import { PRICE_DECIMALS } from '../money';
import { parseSolInput } from '../sol-input';
import { CATEGORIES } from '../domain-values';
import { isSolanaAddress } from '../keys/base58';
import { MAX_PATTERN_LENGTH, POSITION_VALUES, RARITY_TIER_VALUES } from './search-filter-values';

/**
 * The marketplace's filters beyond the spec's search box. Every one is optional and off by default, so
 * the spec's GET /api/addresses/search answers exactly as before without them.
 */

export {
  MAX_PATTERN_LENGTH,
  POSITION_VALUES,
  RARITY_TIERS,
  RARITY_TIER_VALUES,
  rangeProblem,
  rarityTierOf,
  type RarityTier,
  type SearchPosition,
} from './search-filter-values';

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
