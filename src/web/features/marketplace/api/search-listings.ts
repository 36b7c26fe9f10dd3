import { listingPageSchema, searchListingsQuerySchema, type ListingPage } from '@shared/api/listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export const SORT_FIELDS = ['createdAt', 'price', 'rarityScore'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** The marketplace's own input; the server's query schema validates it again. */
export const searchListingsInputSchema = z.object({
  query: z.string().optional(),
  page: z.number().int().min(1),
  pageSize: z.union([z.literal(20), z.literal(50), z.literal(100), z.literal(500)]),
  sortBy: z.enum(SORT_FIELDS),
  sortOrder: z.enum(['asc', 'desc']),
});
export type SearchListingsInput = z.infer<typeof searchListingsInputSchema>;

/** GET /api/addresses/search with excludeSold=true; the search text is trimmed and sent only if non-empty. */
export function searchListings(input: SearchListingsInput, signal?: AbortSignal): Promise<ListingPage> {
  const { query, ...rest } = searchListingsInputSchema.parse(input);
  const params = new URLSearchParams({
    excludeSold: 'true',
    page: String(rest.page),
    pageSize: String(rest.pageSize),
    sortBy: rest.sortBy,
    sortOrder: rest.sortOrder,
  });
  const text = query?.trim();
  if (text) params.set('query', text);
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
