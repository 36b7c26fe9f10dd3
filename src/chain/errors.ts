import type { ErrorCode } from '@shared/api/errors';

/** The one message the spec shows when no configured Solana endpoint answers. */
export const RPC_UNAVAILABLE_MESSAGE = 'All Solana RPC endpoints failed. Please try again later.';

/** A code of the one registry (src/shared/api/error-codes.ts), so the server can answer with it as it is. */
export type ChainErrorCode = typeof ErrorCode.RPC_UNAVAILABLE;

/**
 * An error of the Solana layer that callers branch on by `code` (never by message). The server maps
 * `RPC_UNAVAILABLE` to a 503 with the spec's text.
 */
export class ChainError extends Error {
  override readonly name = 'ChainError';
  readonly code: ChainErrorCode;

  constructor(code: ChainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isChainError(error: unknown): error is ChainError {
  return error instanceof ChainError;
}
