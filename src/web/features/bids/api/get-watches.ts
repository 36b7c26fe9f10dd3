import { PATTERN_POSITIONS } from '@shared/domain-values';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';
import { watchKeys } from './bid-keys';

/**
 * What the page reads of GET /api/watches. The contract (src/shared/api/bids.ts) names no watch schema yet, so this
 * reads only the fields the list shows and ignores the rest; it moves to the contract once the server defines one.
 */
const watchListSchema = z.object({
  watches: z.array(
    z.object({
      id: z.string(),
      pattern: z.string(),
      position: z.enum(PATTERN_POSITIONS),
      caseSensitive: z.boolean(),
    }),
  ),
});
export type PatternWatch = z.infer<typeof watchListSchema>['watches'][number];

/** GET /api/watches: the signed-in wallet's pattern watches. */
export const getWatches = (signal?: AbortSignal) => apiFetch('/api/watches', { schema: watchListSchema, signal });

export const watchesQueryOptions = () =>
  queryOptions({ queryKey: watchKeys.mine(), queryFn: ({ signal }) => getWatches(signal), staleTime: 0 });

export const useWatches = (enabled: boolean) => useQuery({ ...watchesQueryOptions(), enabled });
