import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { configQueryOptions } from '@web/lib/config';
import { waitForSignature } from './pay/wait-for-signature';

/**
 * While a payment signature waits on the chain, `refetch` runs the moment the chain reports it (a
 * `signatureSubscribe` notification, or a poll when the WebSocket is down) instead of at the next 5 s poll.
 * One wait per signature (pass a stable `refetch`, such as a query's); unmounting or a new signature cancels it.
 */
export function useSignatureRefetch(signature: string | null, refetch: () => unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signature) return;
    const abort = new AbortController();
    void queryClient
      .fetchQuery(configQueryOptions())
      .then((config) => waitForSignature(config, signature, abort.signal))
      .then(() => {
        if (!abort.signal.aborted) void refetch();
      })
      // Without the config there is nothing to wait with: the 5 s poll goes on as before.
      .catch(() => undefined);
    return () => abort.abort();
  }, [signature, queryClient, refetch]);
}
