import type { PaymentInstructions as ApiPaymentInstructions } from '@shared/api/transactions';
import type { PaymentInstructions } from './payment-types';

/**
 * The payment instructions of an initiate or Actions answer (amounts as decimal strings, JSON) in the chain layer's
 * types (bigint lamports). The commission goes with the treasury: without a treasury there is none to pay.
 */
export function chainPaymentOf(payment: ApiPaymentInstructions): PaymentInstructions {
  return {
    recipient: payment.recipient,
    lamports: BigInt(payment.lamports),
    reference: payment.reference,
    memo: payment.memo,
    ...(payment.treasury
      ? { treasury: payment.treasury, commissionLamports: BigInt(payment.commissionLamports ?? '0') }
      : {}),
  };
}
