import { transactionListSchema, walletQuerySchema, type PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { transactionKeys } from '@web/features/purchase';

export const getUserTransactionsInputSchema = walletQuerySchema;

/** GET /api/transactions/user: the signed-in wallet's purchases and sales. */
export function getUserTransactions(walletAddress: string, signal?: AbortSignal): Promise<PurchaseView[]> {
  const parsed = getUserTransactionsInputSchema.parse({ walletAddress });
  const query = new URLSearchParams({ walletAddress: parsed.walletAddress ?? '' });
  return apiFetch(`/api/transactions/user?${query}`, { schema: transactionListSchema, signal });
}

export const userTransactionsQueryOptions = (walletAddress: string) =>
  queryOptions({
    queryKey: transactionKeys.user(walletAddress),
    queryFn: ({ signal }) => getUserTransactions(walletAddress, signal),
  });

export function useUserTransactions(walletAddress: string | null) {
  return useQuery({ ...userTransactionsQueryOptions(walletAddress ?? ''), enabled: walletAddress !== null });
}
