import { explorerAddressUrl, explorerTxUrl } from '@chain/explorer';
import { useConfig } from './config';
import { useMemo } from 'react';

/**
 * Solana Explorer links for the running cluster, the one hook every page uses. The server already built the cluster
 * query (a custom-RPC link in local mode, GET /api/config), so the links are @chain/explorer's mainnet form plus that
 * query.
 */
export function useExplorer() {
  const { data: config } = useConfig();
  return useMemo(() => {
    const query = config?.explorerClusterQuery ?? '';
    return {
      ready: config !== undefined,
      cluster: config?.cluster ?? null,
      tx: (signature: string) => explorerTxUrl(signature, 'mainnet-beta') + query,
      address: (address: string) => explorerAddressUrl(address, 'mainnet-beta') + query,
    };
  }, [config]);
}
