import { featuredListingsSchema, type Listing } from '@shared/api/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { watchlistQueryKey } from './get-watchlist';

/** GET /api/addresses/watched takes no input (the session names the wallet). */
export async function getWatchedListings(signal?: AbortSignal): Promise<Listing[]> {
  const page = await apiFetch('/api/addresses/watched', { schema: featuredListingsSchema, signal });
  return page.addresses;
}

// Under the watchlist's own key, so a star toggled anywhere (which invalidates that key) refreshes this list too.
export const watchedListingsQueryOptions = (wallet: string) =>
  queryOptions({
    queryKey: [...watchlistQueryKey(wallet), 'listings'] as const,
    queryFn: ({ signal }) => getWatchedListings(signal),
  });

export const useWatchedListings = (wallet: string) => useQuery(watchedListingsQueryOptions(wallet));
