import type { Watchlist } from '@shared/api/watchlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { watchlistQueryKey } from './get-watchlist';

/** PUT (star) or DELETE (unstar) /api/watchlist/{addressId}; both answer the whole new list. */
export async function toggleWatchlist(input: { addressId: string; starred: boolean }): Promise<Watchlist> {
  // Stars are on the marketplace's first paint; the schemas (and Zod) load with the first click.
  const { watchlistParamsSchema, watchlistSchema } = await import('@shared/api/watchlist');
  const { addressId } = watchlistParamsSchema.parse(input);
  return apiFetch(`/api/watchlist/${encodeURIComponent(addressId)}`, {
    method: input.starred ? 'PUT' : 'DELETE',
    schema: watchlistSchema,
  });
}

export function useToggleWatchlist(wallet: string | null) {
  const queryClient = useQueryClient();
  const key = watchlistQueryKey(wallet ?? '');
  return useMutation({
    mutationFn: toggleWatchlist,
    // Optimistic: the star flips at once and rolls back if the server refuses.
    onMutate: async ({ addressId, starred }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Watchlist>(key);
      const ids = (previous?.addressIds ?? []).filter((id) => id !== addressId);
      queryClient.setQueryData<Watchlist>(key, { addressIds: starred ? [addressId, ...ids] : ids });
      return { previous };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
