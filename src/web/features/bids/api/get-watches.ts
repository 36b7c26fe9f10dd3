import { watchListSchema } from '@shared/api/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { watchKeys } from './bid-keys';

/** GET /api/watches: the signed-in wallet's pattern watches, newest first, and how many it may keep. */
export const getWatches = (signal?: AbortSignal) => apiFetch('/api/watches', { schema: watchListSchema, signal });

export const watchesQueryOptions = () =>
  queryOptions({ queryKey: watchKeys.mine(), queryFn: ({ signal }) => getWatches(signal), staleTime: 0 });

export const useWatches = (enabled: boolean) => useQuery({ ...watchesQueryOptions(), enabled });
