/** JSON-RPC error codes the Solana RPC uses (kit maps them to typed SolanaErrors). */
export const RpcErrorCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
} as const;

/** Thrown inside a method handler; the dispatcher turns it into a JSON-RPC error response. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function invalidParams(detail: string): RpcError {
  return new RpcError(RpcErrorCode.INVALID_PARAMS, `Invalid params: ${detail}`);
}

/** What Solana's public endpoints answer to a call made too often (here: the faucet, per requestAirdrop call). */
export function tooManyRequests(): RpcError {
  return new RpcError(429, 'Too many requests for a specific RPC call');
}
