import { listingPageSchema, searchListingsQuerySchema, type ListingPage } from '@shared/api/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/addresses/search?seller=…: the seller's listings on the marketplace, newest first, as the marketplace's
 * own "seller" filter asks it (the same cached answer for every visitor).
 */
export function getSellerListings(seller: string, signal?: AbortSignal): Promise<ListingPage> {
  const params = new URLSearchParams({ excludeSold: 'true', seller });
  searchListingsQuerySchema.parse(Object.fromEntries(params));
  return apiFetch(`/api/addresses/search?${params}`, { schema: listingPageSchema, signal });
}

export const sellerListingsQueryOptions = (seller: string) =>
  queryOptions({
    queryKey: ['addresses', 'search', { seller }],
    queryFn: ({ signal }) => getSellerListings(seller, signal),
    staleTime: 30_000,
  });

export const useSellerListings = (seller: string) => useQuery(sellerListingsQueryOptions(seller));
