import { offerListSchema } from '@shared/api/bids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { offerKeys } from './bid-keys';

/** GET /api/offers/received: the open offers on the signed-in seller's listings, one list for all their cards. */
export const getReceivedOffers = (signal?: AbortSignal) =>
  apiFetch('/api/offers/received', { schema: offerListSchema, signal });

export const receivedOffersQueryOptions = () =>
  queryOptions({
    queryKey: offerKeys.received(),
    queryFn: ({ signal }) => getReceivedOffers(signal),
    staleTime: 0,
    // A new offer also rings the bell; the cards follow at the bell's pace.
    refetchInterval: 10_000,
  });

export const useReceivedOffers = (enabled: boolean) => useQuery({ ...receivedOffersQueryOptions(), enabled });
