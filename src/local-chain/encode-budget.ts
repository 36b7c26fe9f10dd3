import { RpcError, RpcErrorCode } from './rpc-error';

/** Agave's MAX_BASE58_BYTES: larger account data must be asked for in base64. */
export const MAX_BASE58_BYTES = 128;

/**
 * Account bytes one request (a batch included) may encode. Encoding, serialising and writing an answer all run on
 * the event loop; at 4 MiB that is about 20 ms on a busy laptop, under the 50 ms no answer may block it for
 * (a 10 MiB account took ~45 ms in one piece). Larger accounts are read in parts with `dataSlice`.
 */
export const MAX_ENCODED_BYTES_PER_REQUEST = 4 * 1024 * 1024;

/** What a real validator answers (JSON-RPC "Invalid request", -32600) to base58 of more than 128 bytes. */
export function base58TooLarge(): RpcError {
  return new RpcError(
    RpcErrorCode.INVALID_REQUEST,
    `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
  );
}

/** The account bytes a request may still encode; each encoding charges what it encodes, or refuses. */
export class EncodeBudget {
  constructor(private remaining = MAX_ENCODED_BYTES_PER_REQUEST) {}

  charge(bytes: number): void {
    if (bytes > this.remaining) {
      throw new RpcError(
        RpcErrorCode.INVALID_REQUEST,
        `Response too large: one request may encode at most ${MAX_ENCODED_BYTES_PER_REQUEST} bytes of account data; ask for fewer accounts or use dataSlice`,
      );
    }
    this.remaining -= bytes;
  }
}
