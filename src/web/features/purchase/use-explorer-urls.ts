import { useConfig } from '@web/features/config/api/get-config';
import { useMemo } from 'react';

const EXPLORER_ORIGIN = 'https://explorer.solana.com';

/** Solana Explorer links for the server's cluster (the query string comes from GET /api/config). */
export function useExplorerUrls() {
  const { data: config } = useConfig();
  return useMemo(() => {
    const query = config?.explorerClusterQuery ?? '';
    return {
      cluster: config?.cluster ?? null,
      tx: (signature: string) => `${EXPLORER_ORIGIN}/tx/${encodeURIComponent(signature)}${query}`,
      address: (value: string) => `${EXPLORER_ORIGIN}/address/${encodeURIComponent(value)}${query}`,
    };
  }, [config]);
}
