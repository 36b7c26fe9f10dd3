import path from 'node:path';
import { explorerClusterQuery } from '@chain/explorer';
import { createLocalValidator } from '@local-chain';
import { type ChainRpc } from '@chain/rpc/chain-rpc';
import { createFallbackTransport } from '@chain/rpc/fallback-transport';
import { createInProcessTransport } from '@chain/rpc/in-process-transport';
import { createSolanaRpcFromTransport, type RpcTransport } from '@solana/kit';
import type { Env } from '../../config/env';
import type { ChainContext } from './chain-context';

const HEALTH_TIMEOUT_MS = 3_000;

/**
 * Local mode without SOLANA_RPC_URLS embeds the validator: its state lives in DATA_DIR/chain, the server talks to
 * it in-process (so `app.inject` tests need no port) and the browser reaches the same validator at `/rpc`.
 * Every other setup talks JSON-RPC to the configured endpoints in fallback order.
 */
export async function createChainContext(env: Env): Promise<ChainContext> {
  // RPC calls that failed (every endpoint down, or the embedded validator threw), for GET /metrics.
  const failures = { count: 0 };
  const counted =
    (transport: RpcTransport): RpcTransport =>
    async (request) => {
      try {
        return await transport(request);
      } catch (err) {
        if (!request.signal?.aborted) failures.count++;
        throw err;
      }
    };
  const rpcOf = (transport: RpcTransport): ChainRpc => createSolanaRpcFromTransport(counted(transport));
  const rpcErrors = () => failures.count;
  if (env.isLocal && env.rpcUrls.length === 0) {
    const validator = await createLocalValidator({
      stateDir: path.join(env.dataDir, 'chain'),
      finalitySlots: env.localFinalitySlots,
    });
    const explorerRpcUrl = `${env.publicOrigin}/rpc`;
    return contextOf(env, rpcOf(createInProcessTransport(validator.handle)), {
      validator,
      rpcErrors,
      browserRpcUrls: ['/rpc'],
      browserWsUrl: '/rpc',
      explorerRpcUrl,
      explorerClusterQuery: explorerClusterQuery('local', explorerRpcUrl),
      close: () => validator.close(),
    });
  }
  const explorerRpcUrl = env.isLocal ? env.rpcUrls[0] : undefined;
  return contextOf(env, rpcOf(createFallbackTransport(env.rpcUrls)), {
    rpcErrors,
    browserRpcUrls: env.rpcUrls,
    endpointRpcs: env.rpcUrls.map((url) => rpcOf(createFallbackTransport([url]))),
    explorerRpcUrl,
    explorerClusterQuery: explorerClusterQuery(env.cluster, explorerRpcUrl),
    close: async () => {},
  });
}

function contextOf(
  env: Env,
  rpc: ChainRpc,
  rest: Pick<
    ChainContext,
    | 'validator'
    | 'rpcErrors'
    | 'endpointRpcs'
    | 'browserRpcUrls'
    | 'browserWsUrl'
    | 'explorerRpcUrl'
    | 'explorerClusterQuery'
    | 'close'
  >,
): ChainContext {
  return {
    cluster: env.cluster,
    rpc,
    ...rest,
    async health() {
      try {
        const slot = await withTimeout(rpc.getSlot({ commitment: 'confirmed' }).send(), HEALTH_TIMEOUT_MS);
        return { ok: true, cluster: env.cluster, slot: Number(slot) };
      } catch (err) {
        return { ok: false, cluster: env.cluster, error: err instanceof Error ? err.message : 'unreachable' };
      }
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
