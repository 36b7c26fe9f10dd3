import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopStatsSchema } from '@shared/api/shop';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/admin/shop-stats (admin, no input): the numbers GET /metrics gives Prometheus. */
export const getShopStats = (signal?: AbortSignal) =>
  apiFetch('/api/admin/shop-stats', { schema: shopStatsSchema, signal });

export const useShopStats = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'shop-stats'],
      queryFn: ({ signal }) => getShopStats(signal),
      // An operator watching the page sees it move without reloading.
      refetchInterval: 30_000,
    }),
  );
