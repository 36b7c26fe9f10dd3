import { createSolanaRpcFromTransport, type Rpc, type SolanaRpcApi } from '@solana/kit';
import { createFallbackTransport, type FallbackTransportOptions } from './fallback-transport';
import { createInProcessTransport } from './in-process-transport';

/** The Solana RPC client every part of the app uses: kit's typed API over our transports. */
export type ChainRpc = Rpc<SolanaRpcApi>;

/** A kit RPC client over `urls` in fallback order (see createFallbackTransport). */
export function createChainRpc(urls: readonly string[], options?: FallbackTransportOptions): ChainRpc {
  return createSolanaRpcFromTransport(createFallbackTransport(urls, options));
}

/** A kit RPC client for the embedded local validator, without an HTTP hop. */
export function createInProcessChainRpc(handle: (body: unknown) => Promise<unknown>): ChainRpc {
  return createSolanaRpcFromTransport(createInProcessTransport(handle));
}
