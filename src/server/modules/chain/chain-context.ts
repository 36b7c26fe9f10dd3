import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { LocalValidator } from '@local-chain';
import type { SolanaCluster } from '@shared/api/config';

/** What GET /api/health reports of the chain. */
export interface ChainHealth {
  ok: boolean;
  cluster: string;
  slot?: number;
  error?: string;
}

/**
 * What the server knows of the chain it sells on, made by `createChainContext`: the embedded local validator or
 * the configured RPC endpoints. Routes, services and jobs only see this interface.
 */
export interface ChainContext {
  cluster: SolanaCluster;
  /** Server-side JSON-RPC client (endpoint fallback, or in-process to the embedded validator). */
  rpc: ChainRpc;
  /** Each configured endpoint on its own (VERIFY_QUORUM asks several and compares); absent when there is one. */
  endpointRpcs?: ChainRpc[];
  /** The embedded validator in local mode (served at POST /rpc, and the faucet's source). */
  validator?: LocalValidator;
  /** RPC endpoints the browser uses, in fallback order (relative `/rpc` in local mode). */
  browserRpcUrls: string[];
  /** The PubSub endpoint the browser uses (relative `/rpc` in local mode), when there is one. */
  browserWsUrl?: string;
  /** The absolute RPC URL Solana Explorer needs for a custom (local) cluster. */
  explorerRpcUrl?: string;
  explorerClusterQuery: string;
  /** How many server-side RPC calls have failed since start (GET /metrics); absent on test doubles. */
  rpcErrors?: () => number;
  health(): Promise<ChainHealth>;
  close(): Promise<void>;
}
