import { deleteListingResponseSchema, listingIdParamsSchema } from '@shared/api/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches } from '@web/features/purchase';

export const deleteListingInputSchema = listingIdParamsSchema;

/**
 * DELETE /api/addresses/{id} with the owner's wallet in x-wallet-address (docs/product-spec.md#roles-and-permissions).
 */
export function deleteListing(id: string, wallet: string) {
  const params = deleteListingInputSchema.parse({ id });
  return apiFetch(`/api/addresses/${encodeURIComponent(params.id)}`, {
    method: 'DELETE',
    headers: { 'x-wallet-address': wallet },
    schema: deleteListingResponseSchema,
  });
}

export function useDeleteListing(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteListing(id, wallet),
    onSuccess: () => invalidateTradeCaches(queryClient),
  });
}
