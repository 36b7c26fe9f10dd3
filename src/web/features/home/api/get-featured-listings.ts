import { featuredListingsSchema } from '@shared/api/listings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/addresses/featured takes no input; a missing list reads as empty. */
export async function getFeaturedListings(signal?: AbortSignal) {
  const body = await apiFetch('/api/addresses/featured', { schema: featuredListingsSchema, signal });
  return body.addresses ?? [];
}

export const featuredListingsQueryOptions = () =>
  queryOptions({ queryKey: ['addresses', 'featured'], queryFn: ({ signal }) => getFeaturedListings(signal) });

export const useFeaturedListings = () => useQuery(featuredListingsQueryOptions());
