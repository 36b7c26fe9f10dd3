import type { UpdateListingBody } from '@shared/api/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches } from '@web/features/purchase';

/**
 * PATCH /api/addresses/{id} with the owner's wallet in x-wallet-address (docs/product-spec.md#roles-and-permissions).
 */
export async function updateListing(id: string, wallet: string, body: UpdateListingBody) {
  // Listing cards are on the first paint of / and /marketplace; the schemas (and Zod) load on the owner's first edit.
  const { listingSchema, updateListingBodySchema } = await import('@shared/api/listings');
  return apiFetch(`/api/addresses/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'x-wallet-address': wallet },
    body: updateListingBodySchema.parse(body),
    schema: listingSchema,
  });
}

export function useUpdateListing(wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateListingBody }) => updateListing(id, wallet, body),
    onSuccess: () => invalidateTradeCaches(queryClient),
  });
}
