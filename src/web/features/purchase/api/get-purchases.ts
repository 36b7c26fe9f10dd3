import { purchaseListSchema, walletQuerySchema, type PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { purchaseKeys } from './query-keys';
import { apiFetch } from '@web/lib/api-client';
import { useConfig } from '@web/lib/config';

export const getPurchasesInputSchema = walletQuerySchema;

/** GET /api/transactions/purchases: the signed-in wallet's purchases (the server checks the wallet). */
export function getPurchases(walletAddress: string, signal?: AbortSignal): Promise<PurchaseView[]> {
  const query = new URLSearchParams({
    walletAddress: getPurchasesInputSchema.parse({ walletAddress }).walletAddress ?? '',
  });
  return apiFetch(`/api/transactions/purchases?${query}`, { schema: purchaseListSchema, signal });
}

export const purchasesQueryOptions = (walletAddress: string) =>
  queryOptions({
    queryKey: purchaseKeys.purchases(walletAddress),
    queryFn: ({ signal }) => getPurchases(walletAddress, signal),
  });

/**
 * With REVEAL_COMMITMENT=finalized a verified purchase completes in the background once its payment is final: the
 * list is polled while one is still finalizing, so its card unlocks the key without a reload.
 */
export function usePurchases(walletAddress: string | null) {
  const finalizedReveal = useConfig().data?.revealCommitment === 'finalized';
  return useQuery({
    ...purchasesQueryOptions(walletAddress ?? ''),
    enabled: walletAddress !== null,
    refetchInterval: (query) =>
      finalizedReveal && query.state.data?.some((p) => p.status === 'verified') ? FINALIZING_POLL_MS : false,
  });
}

const FINALIZING_POLL_MS = 2_000;
