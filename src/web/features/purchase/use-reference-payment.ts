import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { configQueryOptions } from '@web/lib/config';
import { waitForReferencePayment } from './pay/watch-reference';

/**
 * Whether the buyer's payment into the purchase's escrow (`reference`) has landed (a phone wallet paid through Solana
 * Pay), so the pay screen says "Confirming" at once instead of after the server's sweep and the next 5 s poll. Pass
 * null to stop watching. Only the buyer's own view watches, and only for a transaction the buyer's wallet paid for:
 * the escrow is no secret, and anyone may send it dust.
 */
export function useReferencePayment(reference: string | null, buyer: string, onSeen: () => unknown): boolean {
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    if (!reference) return;
    const abort = new AbortController();
    void queryClient
      .fetchQuery(configQueryOptions())
      .then((config) => waitForReferencePayment(config, reference, buyer, abort.signal))
      .then(() => {
        if (abort.signal.aborted) return;
        setSeen(reference);
        void onSeen();
      })
      // Without the config there is nothing to watch with: the 5 s poll goes on as before.
      .catch(() => undefined);
    return () => abort.abort();
  }, [reference, buyer, queryClient, onSeen]);
  return reference !== null && seen === reference;
}
