import type { Watchlist } from '@shared/api/watchlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/watchlist takes no input (the session names the wallet). */
export function getWatchlist(signal?: AbortSignal): Promise<Watchlist> {
  // The marketplace's stars ask it at first render: the schema (and Zod) loads with the request.
  return apiFetch('/api/watchlist', {
    schema: () => import('@shared/api/watchlist').then((m) => m.watchlistSchema),
    signal,
  });
}

export const watchlistQueryKey = (wallet: string) => ['watchlist', wallet] as const;

export const watchlistQueryOptions = (wallet: string) =>
  queryOptions({ queryKey: watchlistQueryKey(wallet), queryFn: ({ signal }) => getWatchlist(signal) });

/** Only asked for while a wallet is signed in; otherwise the star lives in localStorage. */
export function useWatchlistQuery(wallet: string | null) {
  return useQuery({ ...watchlistQueryOptions(wallet ?? ''), enabled: wallet !== null });
}
