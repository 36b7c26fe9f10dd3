import type { SolanaCluster } from '@shared/api/config';

const EXPLORER_ORIGIN = 'https://explorer.solana.com';
/** What Solana Explorer itself offers for a custom cluster when no URL is given. */
const DEFAULT_LOCAL_RPC_URL = 'http://localhost:8899';

/**
 * The query string Solana Explorer needs to show `cluster`: none on mainnet, `?cluster=devnet|testnet`, and for
 * the local validator a custom-RPC link (the explorer page then talks to our JSON-RPC endpoint from the
 * user's browser, so `customRpcUrl` must be absolute and reachable from there).
 */
export function explorerClusterQuery(cluster: SolanaCluster, customRpcUrl?: string): string {
  switch (cluster) {
    case 'mainnet-beta':
      return '';
    case 'devnet':
    case 'testnet':
      return `?cluster=${cluster}`;
    case 'local':
      return `?cluster=custom&customUrl=${encodeURIComponent(customRpcUrl ?? DEFAULT_LOCAL_RPC_URL)}`;
  }
}

export function explorerTxUrl(signature: string, cluster: SolanaCluster, customRpcUrl?: string): string {
  return `${EXPLORER_ORIGIN}/tx/${encodeURIComponent(signature)}${explorerClusterQuery(cluster, customRpcUrl)}`;
}

export function explorerAddressUrl(address: string, cluster: SolanaCluster, customRpcUrl?: string): string {
  return `${EXPLORER_ORIGIN}/address/${encodeURIComponent(address)}${explorerClusterQuery(cluster, customRpcUrl)}`;
}
