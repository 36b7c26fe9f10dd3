import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@web/lib/api-client';
import { getSession } from './api/get-session';

/** A query's or mutation's cache event that is a failure. */
interface CacheEvent {
  type: string;
  action?: { type: string; error?: unknown };
}

/** The browser's tabs share one session cookie; a tab that signs in or out says so to the others on this channel. */
const SESSION_CHANNEL = 'vanity-vault-session';

/** Tells this browser's other tabs that the session changed hands (call once the server has answered). */
export function announceSessionChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/**
 * Whether `address` no longer holds the session this tab shows it with: the session expired after a week unused, the
 * wallet signed out in another tab, or another tab signed another wallet in (the cookie is the browser's, not the
 * tab's). Hints start the check, and the session check decides:
 * - a call refused with SESSION_REQUIRED, or with WALLET_MISMATCH (it named this tab's wallet, the session is
 *   another's); a request that raced a sign-in is refused too, so a refusal alone proves nothing;
 * - another tab announcing a sign-in or sign-out (`announceSessionChange`).
 * Every signed-in page's reads and changes are queries or mutations, and the bell asks every 10 s, so a refusal is seen
 * here. `clear` once the wallet has signed in again.
 */
export function useSessionEnd(address: string | null): { ended: boolean; clear: () => void } {
  const queryClient = useQueryClient();
  const [endedFor, setEndedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!address) return;
    let checking = false;
    const check = () => {
      if (checking) return;
      checking = true;
      getSession()
        .then((session) => session?.walletAddress !== address && setEndedFor(address))
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    };
    const onEvent = (event: CacheEvent) => {
      const error = event.action?.error;
      if (event.type === 'updated' && (isApiError(error, 'SESSION_REQUIRED') || isApiError(error, 'WALLET_MISMATCH')))
        check();
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    channel?.addEventListener('message', check);
    const unsubscribe = [
      queryClient.getQueryCache().subscribe(onEvent),
      queryClient.getMutationCache().subscribe(onEvent),
    ];
    return () => {
      unsubscribe.forEach((stop) => stop());
      channel?.close();
    };
  }, [address, queryClient]);
  const clear = useCallback(() => setEndedFor(null), []);
  return { ended: endedFor !== null && endedFor === address, clear };
}
