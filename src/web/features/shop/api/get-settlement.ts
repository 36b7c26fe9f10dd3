import { queryOptions, useQuery } from '@tanstack/react-query';
import { settlementOverviewSchema } from '@shared/api/settlement';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/admin/settlement (admin, no input): escrow totals, open escrows, and the payouts and refunds. */
export const getSettlement = (signal?: AbortSignal) =>
  apiFetch('/api/admin/settlement', { schema: settlementOverviewSchema, signal });

export const settlementQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settlement'],
    queryFn: ({ signal }) => getSettlement(signal),
    // An operator watching the page sees payouts and refunds land without reloading.
    refetchInterval: 30_000,
  });

export const useSettlement = () => useQuery(settlementQueryOptions());
