import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches } from '@web/features/purchase';

/**
 * DELETE /api/addresses/{id} with the owner's wallet in x-wallet-address (docs/product-spec.md#roles-and-permissions).
 */
export async function deleteListing(id: string, wallet: string) {
  // Listing cards are on the first paint of / and /marketplace; the schemas (and Zod) load on the owner's first delete.
  const { deleteListingResponseSchema, listingIdParamsSchema } = await import('@shared/api/listings');
  const params = listingIdParamsSchema.parse({ id });
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
