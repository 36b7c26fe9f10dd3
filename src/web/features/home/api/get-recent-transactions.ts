import type { PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/transactions/recent takes no input: the latest sales, newest first. */
export function getRecentTransactions(signal?: AbortSignal): Promise<PurchaseView[]> {
  const schema = () => import('@shared/api/transactions').then((m) => m.transactionListSchema);
  return apiFetch('/api/transactions/recent', { schema, signal });
}

export const recentTransactionsQueryOptions = () =>
  queryOptions({ queryKey: ['transactions', 'recent'], queryFn: ({ signal }) => getRecentTransactions(signal) });

export const useRecentTransactions = () => useQuery(recentTransactionsQueryOptions());
