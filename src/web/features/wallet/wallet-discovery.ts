import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { StandardConnect } from '@wallet-standard/features';
import { useSyncExternalStore } from 'react';

/*
 * Wallet Standard discovery: Phantom, the Local Dev Wallet (local mode) and test wallets all register
 * with the page's registry; we list those that speak Solana and can connect.
 */
const registry = getWallets();

export const isSolanaWallet = (wallet: Wallet) =>
  wallet.chains.some((chain) => chain.startsWith('solana:')) && StandardConnect in wallet.features;

export const walletSlug = (wallet: Wallet | string) =>
  (typeof wallet === 'string' ? wallet : wallet.name).trim().toLowerCase().replace(/\s+/g, '-');

export const isPhantom = (wallet: Wallet) => walletSlug(wallet) === 'phantom';

/** Phantom first, then in registration order. */
function listSolanaWallets(): readonly Wallet[] {
  const wallets = registry.get().filter(isSolanaWallet);
  return [...wallets.filter(isPhantom), ...wallets.filter((w) => !isPhantom(w))];
}

// useSyncExternalStore needs a stable snapshot between changes, so the list is rebuilt only on events.
let snapshot = listSolanaWallets();
const refresh = () => {
  snapshot = listSolanaWallets();
};

function subscribe(onChange: () => void) {
  const update = () => {
    refresh();
    onChange();
  };
  const offRegister = registry.on('register', update);
  const offUnregister = registry.on('unregister', update);
  // A wallet may have registered between the last snapshot and this subscription.
  update();
  return () => {
    offRegister();
    offUnregister();
  };
}

export function useSolanaWallets(): readonly Wallet[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** Non-hook lookup for async flows (reconnect loop). */
export function findSolanaWallet(slug: string): Wallet | undefined {
  return listSolanaWallets().find((wallet) => walletSlug(wallet) === slug);
}

/** The first account on a Solana chain, which is the one the app signs in with. */
export function firstSolanaAccount(accounts: readonly WalletAccount[]): WalletAccount | null {
  return accounts.find((a) => a.chains.length === 0 || a.chains.some((c) => c.startsWith('solana:'))) ?? null;
}

/** "Phantom wallet", "Local Dev Wallet": how toasts name a wallet. */
export const walletLabel = (wallet: Wallet) =>
  wallet.name.toLowerCase().endsWith('wallet') ? wallet.name : `${wallet.name} wallet`;
