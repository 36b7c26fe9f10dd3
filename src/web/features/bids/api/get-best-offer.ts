import { bestOfferSchema, bidIdParamsSchema, type BestOffer } from '@shared/api/bids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { offerKeys } from './bid-keys';

/** GET /api/addresses/{id}/offers/best (public): the best open, funded offer, naming no bidder. */
export function getBestOffer(addressId: string, signal?: AbortSignal): Promise<BestOffer> {
  const { id } = bidIdParamsSchema.parse({ id: addressId });
  return apiFetch(`/api/addresses/${encodeURIComponent(id)}/offers/best`, { schema: bestOfferSchema, signal });
}

export const bestOfferQueryOptions = (addressId: string) =>
  queryOptions({
    queryKey: offerKeys.best(addressId),
    queryFn: ({ signal }) => getBestOffer(addressId, signal),
    staleTime: 30_000,
  });

export const useBestOffer = (addressId: string) => useQuery(bestOfferQueryOptions(addressId));
