import { createDefaultRpcTransport, type RpcTransport } from '@solana/kit';
import { ChainError, RPC_UNAVAILABLE_MESSAGE } from '../errors';

export interface FallbackTransportOptions {
  /** Per-endpoint time limit for one call. */
  timeoutMs?: number;
  /** How long an endpoint that just failed is tried after the others. */
  cooldownMs?: number;
}

/**
 * A kit RpcTransport over several JSON-RPC endpoints in fallback order (SOLANA_RPC_URLS). Anything that stops an
 * endpoint from answering — network error, timeout, any non-2xx HTTP status (5xx, and also 429/403 which public
 * RPCs use for rate limits and blocks), a body that is not JSON — moves the call to the next endpoint. A JSON-RPC
 * error answer (e.g. transaction simulation failed) is a real answer: it is returned, not retried, because
 * another node would give the same one and a retried sendTransaction could not help. When every endpoint fails
 * the call throws ChainError RPC_UNAVAILABLE with the spec's message. Browser-safe.
 */
export function createFallbackTransport(urls: readonly string[], options: FallbackTransportOptions = {}): RpcTransport {
  if (urls.length === 0) throw new Error('createFallbackTransport needs at least one RPC URL');
  const { timeoutMs = 10_000, cooldownMs = 30_000 } = options;
  const endpoints = urls.map((url) => ({ url, transport: createDefaultRpcTransport({ url }), failedAt: -Infinity }));

  return async function fallbackTransport<TResponse>({ payload, signal }: Parameters<RpcTransport>[0]) {
    const now = Date.now();
    const cooling = (e: (typeof endpoints)[number]) => now - e.failedAt < cooldownMs;
    // Healthy endpoints first, in configured order; ones that failed recently are the last resort.
    const order = [...endpoints.filter((e) => !cooling(e)), ...endpoints.filter(cooling)];
    const failures: unknown[] = [];
    for (const endpoint of order) {
      signal?.throwIfAborted();
      const attemptSignal = signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs);
      try {
        return await endpoint.transport<TResponse>({ payload, signal: attemptSignal });
      } catch (error) {
        // The caller gave up: that says nothing about the endpoint, and nobody wants the next one tried.
        if (signal?.aborted) throw error;
        endpoint.failedAt = Date.now();
        failures.push(error);
      }
    }
    throw new ChainError('RPC_UNAVAILABLE', RPC_UNAVAILABLE_MESSAGE, { cause: new AggregateError(failures) });
  };
}
