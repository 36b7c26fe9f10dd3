import { listingPageSchema, searchListingsQuerySchema, type ListingPage } from '@shared/api/listings';
import { POSITION_VALUES, RARITY_TIER_VALUES } from '@shared/api/search-filters';
import { CATEGORIES } from '@shared/domain-values';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';
import { SORT_FIELDS } from '../url-state';

export { SORT_FIELDS, type SortField } from '../url-state';

/** The marketplace's own input; the server's query schema validates it again. */
export const searchListingsInputSchema = z.object({
  query: z.string().optional(),
  page: z.number().int().min(1),
  pageSize: z.union([z.literal(20), z.literal(50), z.literal(100), z.literal(500)]),
  sortBy: z.enum(SORT_FIELDS),
  sortOrder: z.enum(['asc', 'desc']),
  // Issue 20's filters: each is sent only when set, so the default request is the spec's.
  position: z.enum(POSITION_VALUES).optional(),
  category: z.enum(CATEGORIES).optional(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  minPrice: z.string().optional(),
  maxPrice: z.string().optional(),
  tier: z.enum(RARITY_TIER_VALUES).optional(),
  seller: z.string().optional(),
});
export type SearchListingsInput = z.infer<typeof searchListingsInputSchema>;

/** GET /api/addresses/search with excludeSold=true; the search text is trimmed and sent only if non-empty. */
export function searchListings(input: SearchListingsInput, signal?: AbortSignal): Promise<ListingPage> {
  const { query, position, ...rest } = searchListingsInputSchema.parse(input);
  const params = new URLSearchParams({ excludeSold: 'true' });
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) params.set(key, String(value));
  const text = query?.trim();
  if (text) params.set('query', text);
  // With text, where the text sits; without, where the listing's pattern sits (the server reads both).
  if (position && position !== 'anywhere') params.set('position', position);
  searchListingsQuerySchema.parse(Object.fromEntries(params));
  return apiFetch(`/api/addresses/search?${params}`, { schema: listingPageSchema, signal });
}

export const searchListingsQueryOptions = (input: SearchListingsInput) =>
  queryOptions({
    queryKey: ['addresses', 'search', { ...input, query: input.query?.trim() || undefined }],
    queryFn: ({ signal }) => searchListings(input, signal),
    // Marketplace prices and availability move: fresher than the app default.
    staleTime: 30_000,
  });

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useSearchListings = (input: SearchListingsInput) =>
  useQuery({ ...searchListingsQueryOptions(input), placeholderData: keepPreviousData });
