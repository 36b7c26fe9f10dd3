import { isChainError } from '@chain/errors';
import { ErrorCode, PaymentCheckCode } from '@shared/api/errors';
import { AppError, conflict } from '@server/http/app-error';
import type { VerifyOutcome } from './verify.service';

export const paymentNotReady = () =>
  conflict(
    ErrorCode.PAYMENT_NOT_READY,
    'The payment is not confirmed on chain yet (not ready yet); try again in a few seconds',
  );

/** What the browser is told when verification did not end in a sale: a stable code for each case. */
export function outcomeError(outcome: Exclude<VerifyOutcome, { kind: 'verified' }>): AppError {
  switch (outcome.kind) {
    case 'not-ready':
      return paymentNotReady();
    case 'refunded':
      // A payment that failed its check keeps that check's code (422, as before escrow); any other refund is a 409.
      return outcome.code in PaymentCheckCode
        ? new AppError(422, outcome.code as PaymentCheckCode, outcome.message)
        : conflict(ErrorCode.PAYMENT_REFUNDED, outcome.message);
    case 'closed':
      return conflict(
        ErrorCode.INVALID_TRANSACTION_STATE,
        `This purchase failed: ${outcome.reason ?? 'unknown reason'}`,
      );
  }
}

/** No RPC endpoint answered: a 503 with the spec's message, so the browser simply asks again later. */
export async function withChain<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isChainError(err)) throw new AppError(503, ErrorCode.RPC_UNAVAILABLE, err.message);
    throw err;
  }
}
