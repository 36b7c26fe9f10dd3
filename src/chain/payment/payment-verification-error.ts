import type { PaymentCheckCode } from '@shared/api/errors';

/** One code per verification check, named after the first check that failed (docs/domain.md#verification). */
export type PaymentVerificationCode = PaymentCheckCode;

export class PaymentVerificationError extends Error {
  override readonly name = 'PaymentVerificationError';
  constructor(
    readonly code: PaymentVerificationCode,
    message: string,
  ) {
    super(message);
  }
}
