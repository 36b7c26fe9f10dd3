import { purchaseListSchema, walletQuerySchema, type PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { purchaseKeys } from '@web/features/purchase';

export const getUserPurchasesInputSchema = walletQuerySchema;

/** GET /api/transactions/user: the signed-in wallet's purchases and sales. */
export function getUserPurchases(walletAddress: string, signal?: AbortSignal): Promise<PurchaseView[]> {
  const parsed = getUserPurchasesInputSchema.parse({ walletAddress });
  const query = new URLSearchParams({ walletAddress: parsed.walletAddress ?? '' });
  return apiFetch(`/api/transactions/user?${query}`, { schema: purchaseListSchema, signal });
}

export const userPurchasesQueryOptions = (walletAddress: string) =>
  queryOptions({
    queryKey: purchaseKeys.user(walletAddress),
    queryFn: ({ signal }) => getUserPurchases(walletAddress, signal),
  });

export function useUserPurchases(walletAddress: string | null) {
  return useQuery({ ...userPurchasesQueryOptions(walletAddress ?? ''), enabled: walletAddress !== null });
}
