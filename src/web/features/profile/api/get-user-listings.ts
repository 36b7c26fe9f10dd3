import { ownListingPageSchema, userListingsQuerySchema, type OwnListingPage } from '@shared/api/listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export const getUserListingsInputSchema = userListingsQuerySchema;
export type UserListingsInput = z.input<typeof userListingsQuerySchema>;

/** Under 'addresses' so every listing change refreshes it (docs/product-spec.md#api-calls: user addresses). */
export const userListingsKey = (input: UserListingsInput) => ['addresses', 'user', input] as const;

/** GET /api/addresses/user: the signed-in admin's own listings, filtered, sorted and paged on the server. */
export function getUserListings(input: UserListingsInput, signal?: AbortSignal): Promise<OwnListingPage> {
  getUserListingsInputSchema.parse(input);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return apiFetch(`/api/addresses/user?${query}`, { schema: ownListingPageSchema, signal });
}

export const userListingsQueryOptions = (input: UserListingsInput) =>
  queryOptions({
    queryKey: userListingsKey(input),
    queryFn: ({ signal }) => getUserListings(input, signal),
  });

export function useUserListings(input: UserListingsInput) {
  return useQuery({ ...userListingsQueryOptions(input), placeholderData: keepPreviousData });
}
