import { addressProvenanceSchema, type AddressProvenance } from '@shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { listingByAddressInputSchema } from './get-listing-by-address';

/**
 * GET /api/addresses/provenance/{address}: the shop ground this address for a buyer on a lane whose key it never
 * held (DESIGN.md §14), or null. Asked only for an address that is not listed.
 */
export async function getAddressProvenance(address: string, signal?: AbortSignal): Promise<AddressProvenance | null> {
  const input = listingByAddressInputSchema.parse({ address });
  return apiFetch(`/api/addresses/provenance/${encodeURIComponent(input.address)}`, {
    schema: addressProvenanceSchema.nullable(),
    signal,
  });
}

export const useAddressProvenance = (address: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['addresses', 'provenance', address],
      queryFn: ({ signal }) => getAddressProvenance(address, signal),
      staleTime: 60_000,
      enabled,
    }),
  );
