import { transactionListSchema, walletQuerySchema, type TransactionView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { transactionKeys } from '@web/features/purchase';

export const getPurchasesInputSchema = walletQuerySchema;

/** GET /api/transactions/purchases: the signed-in wallet's purchases (the server checks the wallet). */
export function getPurchases(walletAddress: string, signal?: AbortSignal): Promise<TransactionView[]> {
  const query = new URLSearchParams({
    walletAddress: getPurchasesInputSchema.parse({ walletAddress }).walletAddress ?? '',
  });
  return apiFetch(`/api/transactions/purchases?${query}`, { schema: transactionListSchema, signal });
}

export const purchasesQueryOptions = (walletAddress: string) =>
  queryOptions({
    queryKey: transactionKeys.purchases(walletAddress),
    queryFn: ({ signal }) => getPurchases(walletAddress, signal),
  });

export function usePurchases(walletAddress: string | null) {
  return useQuery({ ...purchasesQueryOptions(walletAddress ?? ''), enabled: walletAddress !== null });
}
