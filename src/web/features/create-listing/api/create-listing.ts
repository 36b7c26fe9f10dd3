import { createListingBodySchema, createListingResponseSchema, type CreateListingBody } from '@shared/api/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches } from '@web/features/purchase';

export { createListingBodySchema };

/** POST /api/addresses: the server checks the private key owns the address before it seals and lists it. */
export function createListing(body: CreateListingBody) {
  return apiFetch('/api/addresses', {
    method: 'POST',
    body: createListingBodySchema.parse(body),
    schema: createListingResponseSchema,
  });
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  // The body holds the private key: gcTime 0 drops the mutation (and its variables) as soon as it settles.
  return useMutation({ mutationFn: createListing, gcTime: 0, onSuccess: () => invalidateTradeCaches(queryClient) });
}
