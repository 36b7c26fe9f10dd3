import { useEffect } from 'react';
import { useConfig } from '@web/lib/config';

/**
 * Registers the Local Dev Wallet when the server says it runs in local mode. Loaded on demand so its code
 * never reaches browsers of a real deployment.
 */
export function useLocalDevWallet() {
  const config = useConfig().data;
  const enabled = config?.features.localDevWallet === true;
  useEffect(() => {
    if (!enabled || !config) return;
    void import('./local-dev-wallet/register-local-dev-wallet').then((m) => m.registerLocalDevWallet(config));
  }, [enabled, config]);
}
