import { transactionLookupParamsSchema, transactionSchema, type PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { awaitsRefund } from '../purchase-failure';
import { transactionKeys } from './query-keys';

export const getTransactionInputSchema = transactionLookupParamsSchema;

/**
 * GET /api/transactions/lookup/{id or txHash}: the transaction, or null when there is none. Not the spec's
 * GET /api/transactions/{id}, whose 404 Chromium logs as a console error on the "Transaction Not Found" page.
 */
export async function getTransaction(idOrHash: string, signal?: AbortSignal): Promise<PurchaseView | null> {
  const { id } = getTransactionInputSchema.parse({ id: idOrHash });
  return apiFetch(`/api/transactions/lookup/${encodeURIComponent(id)}`, {
    schema: transactionSchema.nullable(),
    signal,
  });
}

export const transactionQueryOptions = (idOrHash: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(idOrHash),
    queryFn: ({ signal }) => getTransaction(idOrHash, signal),
    staleTime: 0,
  });

/** A refund on its way shows its transaction without a reload: the page looks again until the refund lands. */
export function useTransaction(idOrHash: string) {
  return useQuery({
    ...transactionQueryOptions(idOrHash),
    refetchInterval: (query) => (query.state.data && awaitsRefund(query.state.data) ? REFUND_POLL_MS : false),
  });
}

const REFUND_POLL_MS = 5_000;
