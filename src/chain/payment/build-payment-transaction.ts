import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type TransactionSigner,
} from '@solana/kit';
import type { PaymentInstructions } from './payment-types';

export interface BuildPaymentTransactionInput {
  payment: PaymentInstructions;
  /** The buyer's wallet signer; it pays the total and the network fee. */
  buyer: TransactionSigner;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  /** v0 by default; every current wallet signs it. */
  version?: 0 | 'legacy';
}

/**
 * The purchase transaction message (docs/domain.md#payment-transaction), ready to sign: one plain System transfer of
 * the total from the buyer to the purchase's escrow. The escrow is unique to the purchase, so it is also what finds
 * the payment (getSignaturesForAddress): no memo or reference account is needed, and a wallet that drops them still
 * pays the right purchase. Browser-safe.
 */
export function buildPaymentTransaction({ payment, buyer, lifetime, version = 0 }: BuildPaymentTransactionInput) {
  const transfer = getTransferSolInstruction({
    source: buyer,
    destination: address(payment.recipient),
    amount: payment.lamports,
  });
  return pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(buyer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([transfer], m),
  );
}

export type PaymentTransactionMessage = ReturnType<typeof buildPaymentTransaction>;
