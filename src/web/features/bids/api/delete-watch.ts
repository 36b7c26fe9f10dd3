import { bidIdParamsSchema } from '@shared/api/bids';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { watchKeys } from './bid-keys';

/** DELETE /api/watches/{id}: stop being told about the pattern. */
export function deleteWatch(id: string) {
  bidIdParamsSchema.parse({ id });
  return apiFetch(`/api/watches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWatch,
    onSettled: () => client.invalidateQueries({ queryKey: watchKeys.mine() }),
  });
}
