import type { PaymentInstructions as ApiPaymentInstructions } from '@shared/api/transactions';
import type { PaymentInstructions } from './payment-types';

/** The payment instructions of an initiate or Actions answer (amounts as decimal strings, JSON) as bigint lamports. */
export function chainPaymentOf(payment: ApiPaymentInstructions): PaymentInstructions {
  return { recipient: payment.recipient, lamports: BigInt(payment.lamports), reference: payment.reference };
}
