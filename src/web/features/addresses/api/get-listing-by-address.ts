import { listingSchema, type Listing } from '@shared/api/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, isApiError } from '@web/lib/api-client';

export const listingByAddressInputSchema = z.object({ address: z.string().trim().min(1).max(128) });

/** GET /api/addresses/by-address/{address}; a 404 is an answer ("Address Not Found"), not a failure. */
export async function getListingByAddress(address: string, signal?: AbortSignal): Promise<Listing | null> {
  const input = listingByAddressInputSchema.parse({ address });
  try {
    return await apiFetch(`/api/addresses/by-address/${encodeURIComponent(input.address)}`, {
      schema: listingSchema,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const listingByAddressQueryOptions = (address: string) =>
  queryOptions({
    queryKey: ['addresses', 'by-address', address],
    queryFn: ({ signal }) => getListingByAddress(address, signal),
    staleTime: 30_000,
  });

export const useListingByAddress = (address: string) => useQuery(listingByAddressQueryOptions(address));
