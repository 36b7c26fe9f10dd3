import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@web/lib/api-client';
import { getSession } from './api/get-session';

/** A query's or mutation's cache event that is a failure. */
interface CacheEvent {
  type: string;
  action?: { type: string; error?: unknown };
}

/**
 * Whether the server ended the session of `address` while this tab still shows it (it expired after a week unused, or
 * the wallet signed out in another tab). A call refused with SESSION_REQUIRED is only the hint (a request that raced a
 * sign-in is refused too), so the session check decides. Every signed-in page's reads and changes are queries or
 * mutations, and the bell asks every 10 s, so a refusal is seen here; `clear` once the wallet has signed in again.
 */
export function useSessionEnd(address: string | null): { ended: boolean; clear: () => void } {
  const queryClient = useQueryClient();
  const [endedFor, setEndedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!address) return;
    let checking = false;
    const onEvent = (event: CacheEvent) => {
      if (event.type !== 'updated' || !isApiError(event.action?.error, 'SESSION_REQUIRED') || checking) return;
      checking = true;
      getSession()
        .then((session) => session === null && setEndedFor(address))
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    };
    const unsubscribe = [
      queryClient.getQueryCache().subscribe(onEvent),
      queryClient.getMutationCache().subscribe(onEvent),
    ];
    return () => unsubscribe.forEach((stop) => stop());
  }, [address, queryClient]);
  const clear = useCallback(() => setEndedFor(null), []);
  return { ended: endedFor !== null && endedFor === address, clear };
}
