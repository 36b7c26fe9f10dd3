import { myBidsSchema, type Bid } from '@shared/api/bids';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { bidKeys } from './bid-keys';

/** GET /api/bids/mine: the signed-in wallet's pattern bids, newest first. */
export const getMyBids = (signal?: AbortSignal) => apiFetch('/api/bids/mine', { schema: myBidsSchema, signal });

/** A bid the server may still move on by itself: its deposit landing, a fill, an expiry. */
export const isLive = (bid: Pick<Bid, 'status'>) => bid.status === 'awaiting-deposit' || bid.status === 'open';

export const myBidsQueryOptions = () =>
  queryOptions({
    queryKey: bidKeys.mine(),
    queryFn: ({ signal }) => getMyBids(signal),
    staleTime: 0,
    // The server watches the escrows and fills bids as listings arrive: the list follows it while any bid is live.
    refetchInterval: (query) => (query.state.data?.bids.some(isLive) ? 5_000 : false),
  });

export const useMyBids = (enabled: boolean) => useQuery({ ...myBidsQueryOptions(), enabled });
