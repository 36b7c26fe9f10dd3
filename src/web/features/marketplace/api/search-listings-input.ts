import { POSITION_VALUES, RARITY_TIER_VALUES } from '@shared/api/search-filter-values';
import { CATEGORIES } from '@shared/domain-values';
import { z } from 'zod';
import { SORT_FIELDS } from '../url-state';

/** The marketplace's own input; the server's query schema validates it again. */
export const searchListingsInputSchema = z.object({
  query: z.string().optional(),
  page: z.number().int().min(1),
  pageSize: z.union([z.literal(20), z.literal(50), z.literal(100), z.literal(500)]),
  sortBy: z.enum(SORT_FIELDS),
  sortOrder: z.enum(['asc', 'desc']),
  // The marketplace's filters: each is sent only when set, so the default request is the spec's.
  position: z.enum(POSITION_VALUES).optional(),
  category: z.enum(CATEGORIES).optional(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  minPrice: z.string().optional(),
  maxPrice: z.string().optional(),
  tier: z.enum(RARITY_TIER_VALUES).optional(),
  seller: z.string().optional(),
});
