import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { toast } from '@web/components/toast-store';
import { useWallet } from '@web/features/wallet';
import { useWatchlistQuery } from './api/get-watchlist';
import { useToggleWatchlist } from './api/toggle-watchlist';
import { localWatchlist } from './local-watchlist';

/**
 * The marketplace star: persisted through the watchlist API for a signed-in wallet, kept in this browser's
 * localStorage otherwise (the spec's purely local star).
 */
export function useWatchlist() {
  const { address, status } = useWallet();
  const wallet = status === 'connected' ? address : null;
  const remote = useWatchlistQuery(wallet);
  const toggleRemote = useToggleWatchlist(wallet);
  const local = useSyncExternalStore(localWatchlist.subscribe, localWatchlist.getSnapshot, localWatchlist.getSnapshot);

  const starred = useMemo(
    () => new Set(wallet ? (remote.data?.addressIds ?? []) : local),
    [wallet, remote.data, local],
  );

  const toggle = useCallback(
    (addressId: string) => {
      const next = !starred.has(addressId);
      if (!wallet) return localWatchlist.set(addressId, next);
      toggleRemote.mutate(
        { addressId, starred: next },
        { onError: (error) => toast({ title: 'Watchlist', description: error.message, variant: 'error' }) },
      );
    },
    [starred, wallet, toggleRemote],
  );

  return { isStarred: (id: string) => starred.has(id), toggle };
}
