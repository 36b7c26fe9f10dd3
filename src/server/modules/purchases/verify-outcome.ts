import { isChainError } from '@chain/errors';
import { ErrorCode } from '@shared/api/errors';
import { AppError, conflict } from '@server/http/app-error';
import { rejectionMessage } from './payment-rejection';
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
    case 'rejected':
      return new AppError(422, outcome.code, outcome.message);
    case 'refund-due':
      return conflict(ErrorCode.INVALID_TRANSACTION_STATE, outcome.message);
    case 'closed': {
      if (outcome.code) return new AppError(422, outcome.code, rejectionMessage(outcome.code, outcome.reason));
      return conflict(
        ErrorCode.INVALID_TRANSACTION_STATE,
        `This purchase failed: ${outcome.reason ?? 'unknown reason'}`,
      );
    }
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
