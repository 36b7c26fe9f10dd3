import { offerListSchema, type Offer } from '@shared/api/bids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { offerKeys } from './bid-keys';

/** GET /api/offers/mine: the offers the signed-in wallet made, newest first. */
export const getMyOffers = (signal?: AbortSignal) => apiFetch('/api/offers/mine', { schema: offerListSchema, signal });

/** An offer the server may still move on by itself: its deposit landing, the seller's answer, an expiry. */
export const isOfferLive = (offer: Pick<Offer, 'status'>) =>
  offer.status === 'awaiting-deposit' || offer.status === 'open';

export const myOffersQueryOptions = () =>
  queryOptions({
    queryKey: offerKeys.mine(),
    queryFn: ({ signal }) => getMyOffers(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.offers.some(isOfferLive) ? 5_000 : false),
  });

export const useMyOffers = (enabled: boolean) => useQuery({ ...myOffersQueryOptions(), enabled });
