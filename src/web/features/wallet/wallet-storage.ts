import { isSolanaAddress } from '@shared/keys/base58';

/*
 * The browser-stored wallet state (docs/product-spec.md#data-shapes). It is only a hint for the next page load (which
 * wallet to reconnect to, which address to show while the session loads); the server session is the truth.
 */
const KEYS = {
  address: 'walletAddress',
  network: 'walletNetwork',
  type: 'walletType',
  connected: 'isWalletConnected',
} as const;

/**
 * docs/product-spec.md#wallet-connection says "two known demo addresses found in storage are cleared" but does not list
 * them. Any stored address that is not a valid base58 32-byte key is cleared as well, which covers placeholder demo
 * values; add the two here if they ever become known.
 */
export const KNOWN_DEMO_WALLET_ADDRESSES: readonly string[] = [];

export interface StoredWallet {
  address: string;
  /** Slug of the Wallet Standard wallet name: 'phantom', 'local-dev-wallet', … */
  type: string;
}

export function readStoredWallet(): StoredWallet | null {
  try {
    const address = localStorage.getItem(KEYS.address);
    const connected = localStorage.getItem(KEYS.connected) === 'true';
    if (!address) return null;
    if (!isSolanaAddress(address) || KNOWN_DEMO_WALLET_ADDRESSES.includes(address)) {
      clearStoredWallet();
      return null;
    }
    return connected ? { address, type: localStorage.getItem(KEYS.type) ?? 'phantom' } : null;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export function writeStoredWallet(wallet: StoredWallet): void {
  try {
    localStorage.setItem(KEYS.address, wallet.address);
    localStorage.setItem(KEYS.network, 'solana');
    localStorage.setItem(KEYS.type, wallet.type);
    localStorage.setItem(KEYS.connected, 'true');
  } catch {
    // Without storage the app still works; it just cannot restore the wallet on the next load.
  }
}

export function clearStoredWallet(): void {
  try {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  } catch {
    // see writeStoredWallet
  }
}
