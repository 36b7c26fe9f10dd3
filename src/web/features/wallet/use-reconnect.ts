import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { useEffect } from 'react';
import { connectWallet } from './sign-in';
import { findSolanaWallet } from './wallet-discovery';

// docs/product-spec.md#wallet-connection, docs/product-spec.md#constants-and-limits: wallets inject themselves after
// the page starts, so look for the saved one 15 times, 200 ms apart.
const RECONNECT_ATTEMPTS = 15;
const RECONNECT_INTERVAL_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * With a live session but no wallet object yet (a page load), finds the saved wallet and connects silently.
 * The session alone already shows the address; this only restores the ability to sign.
 */
export function useReconnect(
  sessionAddress: string | null,
  walletType: string | null,
  attached: boolean,
  onFound: (wallet: Wallet, account: WalletAccount | null) => void,
) {
  useEffect(() => {
    if (!sessionAddress || !walletType || attached) return;
    let cancelled = false;
    void (async () => {
      for (let attempt = 0; attempt < RECONNECT_ATTEMPTS && !cancelled; attempt++) {
        const wallet = findSolanaWallet(walletType);
        if (wallet) {
          // A wallet that no longer trusts the site rejects a silent connect: then the user reconnects by hand.
          const account = await connectWallet(wallet, true).catch(() => null);
          if (!cancelled && account) onFound(wallet, account);
          return;
        }
        await sleep(RECONNECT_INTERVAL_MS);
      }
    })();
    return () => {
      cancelled = true;
    };
    // onFound is intentionally not a dependency: one attempt series per session/wallet pair.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionAddress, walletType, attached]);
}
