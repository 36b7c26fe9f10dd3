import {
  address,
  compileTransaction,
  createNoopSigner,
  getBase64EncodedWireTransaction,
  type Blockhash,
} from '@solana/kit';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { chainPaymentOf } from '@chain/payment/chain-payment';
import type { PaymentInstructions } from '@shared/api/transactions';

/**
 * The purchase payment as a Solana Pay / Actions wallet receives it: the web app's own message (one transfer of the
 * total into the purchase's escrow) from the shared builder, fee payer = `account`, serialised with an empty
 * signature slot for the wallet to fill. Legacy format: every wallet that speaks Solana Pay can read it.
 */
export function unsignedPaymentTransaction(
  payment: PaymentInstructions,
  account: string,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
): string {
  const message = buildPaymentTransaction({
    payment: chainPaymentOf(payment),
    // The server never holds the buyer's key: a no-op signer only names the fee payer.
    buyer: createNoopSigner(address(account)),
    lifetime,
    version: 'legacy',
  });
  return getBase64EncodedWireTransaction(compileTransaction(message));
}
