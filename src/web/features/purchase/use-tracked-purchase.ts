import { OWNED_STATUSES, type PurchaseStatus, type PurchaseView } from '@shared/api/transactions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfig } from '@web/lib/config';
import { getPurchase } from './api/get-purchase';
import { purchaseKeys } from './api/query-keys';
import { verifyPurchase } from './api/verify-purchase';
import { awaitsRefund } from './purchase-failure';
import { useReferencePayment } from './use-reference-payment';
import { useSignatureRefetch } from './use-signature-refetch';

// docs/product-spec.md#transaction-status, docs/product-spec.md#constants-and-limits: poll every 5 s; stop on a final
// status or after 10 minutes.
export const POLL_MS = 5000;
export const POLL_LIMIT_MS = 10 * 60_000;
const FINAL: ReadonlySet<PurchaseStatus> = new Set(['verified', 'completed', 'failed']);
// With REVEAL_COMMITMENT=finalized a verified purchase still waits for its key: keep polling until completed.
const FINAL_AT_FINALIZED: ReadonlySet<PurchaseStatus> = new Set(['completed', 'failed']);

/** Settled in status but not yet on chain: a refund or the seller's payout still to land, which the page shows. */
const awaitsSettlement = (tx: PurchaseView) =>
  awaitsRefund(tx) || (OWNED_STATUSES.includes(tx.status) && Boolean(tx.escrow) && !tx.payoutSignature);

/**
 * The purchase on the pay screen, refetched on an interval until it settles, its refund or payout landed too. While
 * a payment signature waits (pending with a hash) each poll first asks the server to verify it; a refusal just means
 * "not yet" — the server, never the browser, decides, and the following GET shows its verdict. `status` is the server's, except
 * that an unpaid purchase whose reference payment the chain already shows reads as pending ("Confirming").
 */
export function useTrackedPurchase(id: string, wallet: string | null) {
  const [startedAt] = useState(() => Date.now());
  const final = useConfig().data?.revealCommitment === 'finalized' ? FINAL_AT_FINALIZED : FINAL;
  const query = useQuery({
    queryKey: purchaseKeys.detail(id),
    queryFn: async ({ signal }) => {
      const tx = await getPurchase(id, signal);
      if (tx?.status === 'pending' && tx.txHash && wallet && tx.buyer.walletAddress === wallet) {
        return verifyPurchase(id, signal).catch(() => tx);
      }
      return tx;
    },
    staleTime: 0,
    refetchInterval: (query) => {
      const tx = query.state.data;
      if (!tx || (final.has(tx.status) && !awaitsSettlement(tx))) return false;
      return Date.now() - startedAt < POLL_LIMIT_MS ? POLL_MS : false;
    },
  });
  const tx = query.data;
  const waiting = tx?.status === 'pending' && tx.txHash && wallet && tx.buyer.walletAddress === wallet;
  useSignatureRefetch(waiting ? tx.txHash : null, query.refetch);
  // The last poll lands at most one interval before the limit.
  const pollingStopped = query.dataUpdatedAt - startedAt >= POLL_LIMIT_MS - POLL_MS;
  const unpaid = tx?.status === 'initiated' && !tx.txHash && !pollingStopped;
  const paymentSeen = useReferencePayment(
    unpaid ? (tx.payment?.reference ?? null) : null,
    tx?.buyer.walletAddress ?? '',
    query.refetch,
  );
  const status = tx && paymentSeen && tx.status === 'initiated' ? 'pending' : tx?.status;
  return { query, status, pollingStopped };
}
