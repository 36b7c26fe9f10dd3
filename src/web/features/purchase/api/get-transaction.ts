import { transactionLookupParamsSchema, transactionSchema, type TransactionView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api-client';
import { transactionKeys } from './query-keys';

export const getTransactionInputSchema = transactionLookupParamsSchema;

/** GET /api/transactions/{id or txHash}; null when there is no such transaction. */
export async function getTransaction(idOrHash: string, signal?: AbortSignal): Promise<TransactionView | null> {
  const { id } = getTransactionInputSchema.parse({ id: idOrHash });
  try {
    return await apiFetch(`/api/transactions/${encodeURIComponent(id)}`, { schema: transactionSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const transactionQueryOptions = (idOrHash: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(idOrHash),
    queryFn: ({ signal }) => getTransaction(idOrHash, signal),
    staleTime: 0,
  });

export function useTransaction(idOrHash: string) {
  return useQuery(transactionQueryOptions(idOrHash));
}
