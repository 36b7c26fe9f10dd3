import { fetchPaymentTransaction, findPaymentByReference } from '@chain/payment/find-payment';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import type { PublicConfig } from '@shared/api/config';
import { absoluteRpcUrls } from '@web/features/wallet';

/** A phone wallet's payment lands without this page sending it: look for it about once a second. */
export const REFERENCE_POLL_MS = 1_000;

/**
 * Resolves with the signature of the first successful transaction into the purchase's escrow (its `reference`) that
 * the buyer's wallet paid the fee of, polling getSignaturesForAddress. It only tells the page a payment is on its way;
 * the server still finds it on the same escrow and alone decides whether it pays.
 *
 * The fee payer must be the buyer: the escrow is no secret (every view of the purchase shows it), so anyone could send
 * it dust, and settlement's own payouts and refunds leave from it too; neither may turn the buyer's pay page into
 * "Confirming" and hide its Pay button. Never rejects; an abort stops the polls and leaves the promise unsettled.
 */
export function waitForReferencePayment(
  config: PublicConfig,
  reference: string,
  buyer: string,
  signal: AbortSignal,
): Promise<string> {
  const rpc = createChainRpc(absoluteRpcUrls(config.rpcUrls));
  // Signatures already read and not the buyer's: each is fetched once, however many polls see it.
  const others = new Set<string>();
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    const poll = async () => {
      try {
        const found = await findPaymentByReference(rpc, reference, { limit: 5 });
        for (const candidate of found) {
          if (candidate.failed || others.has(candidate.signature) || signal.aborted) continue;
          const tx = await fetchPaymentTransaction(rpc, candidate.signature);
          // Not yet readable at confirmed: the next poll looks again.
          if (!tx) continue;
          if (tx.transaction.message.accountKeys[0] === buyer) return resolve(candidate.signature);
          others.add(candidate.signature);
        }
      } catch {
        // An RPC hiccup is one missed look; the server's own sweep finds the payment regardless.
      }
      if (!signal.aborted) timer = setTimeout(() => void poll(), REFERENCE_POLL_MS);
    };
    if (!signal.aborted) void poll();
  });
}
