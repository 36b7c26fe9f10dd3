import type { PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/transactions/recent takes no input: the latest sales, newest first. */
export function getRecentPurchases(signal?: AbortSignal): Promise<PurchaseView[]> {
  const schema = () => import('@shared/api/transactions').then((m) => m.purchaseListSchema);
  return apiFetch('/api/transactions/recent', { schema, signal });
}

export const recentPurchasesQueryOptions = () =>
  queryOptions({ queryKey: ['transactions', 'recent'], queryFn: ({ signal }) => getRecentPurchases(signal) });

export const useRecentPurchases = () => useQuery(recentPurchasesQueryOptions());
