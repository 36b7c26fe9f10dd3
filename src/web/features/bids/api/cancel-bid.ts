import { bidIdParamsSchema, bidSchema } from '@shared/api/bids';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { bidKeys } from './bid-keys';

/** POST /api/bids/{id}/cancel: a funded bid's deposit is refunded to the wallet it came from. */
export function cancelBid(id: string) {
  bidIdParamsSchema.parse({ id });
  return apiFetch(`/api/bids/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {}, schema: bidSchema });
}

export function useCancelBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelBid,
    onSettled: () => client.invalidateQueries({ queryKey: bidKeys.mine() }),
  });
}
