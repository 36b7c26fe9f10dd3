import { listingSchema, type Listing } from '@shared/api/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export const listingByAddressInputSchema = z.object({ address: z.string().trim().min(1).max(128) });

/**
 * GET /api/addresses/lookup/{address}: the listing, or null when there is none ("Address Not Found"). Not the
 * spec's GET /api/addresses/by-address/{address}, whose 404 Chromium logs as a console error.
 */
export async function getListingByAddress(address: string, signal?: AbortSignal): Promise<Listing | null> {
  const input = listingByAddressInputSchema.parse({ address });
  return apiFetch(`/api/addresses/lookup/${encodeURIComponent(input.address)}`, {
    schema: listingSchema.nullable(),
    signal,
  });
}

export const listingByAddressQueryOptions = (address: string) =>
  queryOptions({
    queryKey: ['addresses', 'by-address', address],
    queryFn: ({ signal }) => getListingByAddress(address, signal),
    staleTime: 30_000,
  });

export const useListingByAddress = (address: string) => useQuery(listingByAddressQueryOptions(address));
