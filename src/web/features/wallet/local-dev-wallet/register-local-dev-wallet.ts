import type { PublicConfig } from '@shared/api/config';
import { registerWallet } from '@wallet-standard/wallet';
import { LocalDevWallet } from './local-dev-wallet';

let registered = false;

/** Adds the Local Dev Wallet to the page's Wallet Standard registry (once per page). */
export function registerLocalDevWallet(config: PublicConfig) {
  if (registered || !config.features.localDevWallet) return;
  registered = true;
  registerWallet(new LocalDevWallet({ rpcUrl: config.rpcUrls[0] ?? '/rpc', faucet: config.features.devFaucet }));
}
