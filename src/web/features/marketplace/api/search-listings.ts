import type { ListingPage } from '@shared/api/listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';
import type { searchListingsInputSchema } from './search-listings-input';

export { SORT_FIELDS, type SortField } from '../url-state';

export type SearchListingsInput = z.infer<typeof searchListingsInputSchema>;

/** GET /api/addresses/search with excludeSold=true; the search text is trimmed and sent only if non-empty. */
export async function searchListings(input: SearchListingsInput, signal?: AbortSignal): Promise<ListingPage> {
  // The page asks it in its first render; the schemas (and Zod) load with the request, not with the page's chunk.
  const [{ searchListingsInputSchema }, { listingPageSchema, searchListingsQuerySchema }] = await Promise.all([
    import('./search-listings-input'),
    import('@shared/api/listings'),
  ]);
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
