import { livePricesSchema } from '@shared/api/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/prices/live: the SOL/USD rate the review line converts with (for people only; never paid). */
export function getLivePrices(signal?: AbortSignal) {
  return apiFetch('/api/prices/live', { schema: livePricesSchema, signal });
}

export const livePricesQueryOptions = () =>
  queryOptions({ queryKey: ['prices', 'live'], queryFn: ({ signal }) => getLivePrices(signal), staleTime: 30_000 });

/** USD per SOL, or undefined until the rate has loaded. */
export const useSolUsdRate = () => useQuery({ ...livePricesQueryOptions(), select: (p) => p.SOL.usd }).data;
