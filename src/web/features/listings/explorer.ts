import { explorerAddressUrl, explorerTxUrl } from '@chain/explorer';
import { useConfig } from '@web/features/config/api/get-config';

/**
 * Solana Explorer links for the running cluster. The server already built the cluster query (a custom-RPC link
 * in local mode), so the links are the mainnet form plus that query.
 */
export function useExplorer() {
  const { data } = useConfig();
  const query = data?.explorerClusterQuery ?? '';
  return {
    ready: data !== undefined,
    tx: (signature: string) => explorerTxUrl(signature, 'mainnet-beta') + query,
    address: (address: string) => explorerAddressUrl(address, 'mainnet-beta') + query,
  };
}
