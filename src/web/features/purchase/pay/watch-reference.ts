import { findPaymentByReference } from '@chain/payment/find-payment';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import type { PublicConfig } from '@shared/api/config';
import { absoluteRpcUrls } from './wallet-chain';

/** A phone wallet's payment lands without this page sending it: look for it about once a second. */
export const REFERENCE_POLL_MS = 1_000;

/**
 * Resolves with the signature of the first successful transaction that carries `reference` (the key the server
 * put in the purchase's payment, Solana Pay style), polling getSignaturesForAddress. It only tells the page a
 * payment is on its way; the server still finds it by the same reference and alone decides whether it pays.
 * Never rejects; an abort stops the polls and leaves the promise unsettled.
 */
export function waitForReferencePayment(config: PublicConfig, reference: string, signal: AbortSignal): Promise<string> {
  const rpc = createChainRpc(absoluteRpcUrls(config.rpcUrls));
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    const poll = async () => {
      try {
        const found = await findPaymentByReference(rpc, reference, { limit: 5 });
        const paid = found.find((s) => !s.failed);
        if (paid && !signal.aborted) return resolve(paid.signature);
      } catch {
        // An RPC hiccup is one missed look; the server's own sweep finds the payment regardless.
      }
      if (!signal.aborted) timer = setTimeout(() => void poll(), REFERENCE_POLL_MS);
    };
    if (!signal.aborted) void poll();
  });
}
