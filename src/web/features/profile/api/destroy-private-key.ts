import { destroyKeyBodySchema, destroyKeyResponseSchema } from '@shared/api/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches } from '@web/features/purchase';

export { destroyKeyBodySchema };

/** DELETE /api/transactions/{id}/private-key: permanently destroys the stored key. */
export function destroyPrivateKey(id: string, wallet: string) {
  return apiFetch(`/api/transactions/${encodeURIComponent(id)}/private-key`, {
    method: 'DELETE',
    body: destroyKeyBodySchema.parse({ wallet }),
    schema: destroyKeyResponseSchema,
  });
}

export function useDestroyPrivateKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, wallet }: { id: string; wallet: string }) => destroyPrivateKey(id, wallet),
    onSuccess: () => invalidateTradeCaches(queryClient),
  });
}
