import type { MarketStats } from '@shared/api/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/market-stats takes no input. */
export function getMarketStats(signal?: AbortSignal): Promise<MarketStats> {
  const schema = () => import('@shared/api/market').then((m) => m.marketStatsSchema);
  return apiFetch('/api/market-stats', { schema, signal });
}

export const marketStatsQueryOptions = () =>
  queryOptions({ queryKey: ['market-stats'], queryFn: ({ signal }) => getMarketStats(signal) });

export const useMarketStats = () => useQuery(marketStatsQueryOptions());
