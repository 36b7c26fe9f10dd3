/** One code per verification check, named after the first check that failed (docs/domain.md#verification). */
export type PaymentVerificationCode =
  | 'PAYMENT_NOT_FOUND'
  | 'PAYMENT_FAILED_ON_CHAIN'
  | 'PAYER_MISMATCH'
  | 'RECIPIENT_MISMATCH'
  | 'AMOUNT_TOO_LOW'
  | 'REFERENCE_MISSING'
  | 'MEMO_MISMATCH'
  | 'COMMISSION_MISSING'
  | 'PAYMENT_TOO_EARLY';

export class PaymentVerificationError extends Error {
  override readonly name = 'PaymentVerificationError';
  constructor(
    readonly code: PaymentVerificationCode,
    message: string,
  ) {
    super(message);
  }
}
