import type { RpcTransport } from '@solana/kit';

const bigintAsNumber = (_key: string, value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

/**
 * A kit RpcTransport that calls a JSON-RPC handler in the same process (the server's embedded local validator),
 * so `app.inject` tests need no listening port. The payload and the answer go through JSON exactly as over
 * HTTP, so kit sees the same shapes (and turns integers back into bigint) either way. Browser-safe.
 */
export function createInProcessTransport(handle: (body: unknown) => Promise<unknown>): RpcTransport {
  return async function inProcessTransport<TResponse>({ payload, signal }: Parameters<RpcTransport>[0]) {
    signal?.throwIfAborted();
    const response = await handle(JSON.parse(JSON.stringify(payload, bigintAsNumber)));
    return JSON.parse(JSON.stringify(response)) as TResponse;
  };
}
