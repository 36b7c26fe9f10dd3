import { purchaseLookupParamsSchema, purchaseSchema, type PurchaseView } from '@shared/api/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { awaitsRefund } from '../purchase-failure';
import { purchaseKeys } from './query-keys';

export const getPurchaseInputSchema = purchaseLookupParamsSchema;

/**
 * GET /api/transactions/lookup/{id or txHash}: the transaction, or null when there is none. Not the spec's
 * GET /api/transactions/{id}, whose 404 Chromium logs as a console error on the "Transaction Not Found" page.
 */
export async function getPurchase(idOrHash: string, signal?: AbortSignal): Promise<PurchaseView | null> {
  const { id } = getPurchaseInputSchema.parse({ id: idOrHash });
  return apiFetch(`/api/transactions/lookup/${encodeURIComponent(id)}`, {
    schema: purchaseSchema.nullable(),
    signal,
  });
}

export const purchaseQueryOptions = (idOrHash: string) =>
  queryOptions({
    queryKey: purchaseKeys.detail(idOrHash),
    queryFn: ({ signal }) => getPurchase(idOrHash, signal),
    staleTime: 0,
  });

/** A refund on its way shows its transaction without a reload: the page looks again until the refund lands. */
export function usePurchase(idOrHash: string) {
  return useQuery({
    ...purchaseQueryOptions(idOrHash),
    refetchInterval: (query) => (query.state.data && awaitsRefund(query.state.data) ? REFUND_POLL_MS : false),
  });
}

const REFUND_POLL_MS = 5_000;
