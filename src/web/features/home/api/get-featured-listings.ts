import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/addresses/featured takes no input; a missing list reads as empty. */
export async function getFeaturedListings(signal?: AbortSignal) {
  // Schemas (and Zod) load with the request, not with the page's chunk (docs/decisions/0014-first-paint.md).
  const schema = () => import('@shared/api/listings').then((m) => m.featuredListingsSchema);
  const body = await apiFetch('/api/addresses/featured', { schema, signal });
  return body.addresses ?? [];
}

export const featuredListingsQueryOptions = () =>
  queryOptions({ queryKey: ['addresses', 'featured'], queryFn: ({ signal }) => getFeaturedListings(signal) });

export const useFeaturedListings = () => useQuery(featuredListingsQueryOptions());
