import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { StandardEvents, type StandardEventsFeature } from '@wallet-standard/features';
import { useEffect, useRef } from 'react';
import { firstSolanaAccount } from './wallet-discovery';

// docs/product-spec.md#wallet-connection, docs/product-spec.md#constants-and-limits: besides the wallet's change
// events, accounts are polled every 3 seconds (some wallets switch accounts without emitting an event).
const ACCOUNT_POLL_MS = 3000;

/**
 * Calls `onChange` with the wallet's new first Solana account (null when it has none) whenever it differs
 * from `currentAddress`.
 */
export function useFollowAccount(
  wallet: Wallet | null,
  currentAddress: string | null,
  onChange: (account: WalletAccount | null) => void,
) {
  // Refs keep one subscription per wallet while the handler and address change.
  const onChangeRef = useRef(onChange);
  const addressRef = useRef(currentAddress);
  useEffect(() => {
    onChangeRef.current = onChange;
    addressRef.current = currentAddress;
  });

  useEffect(() => {
    if (!wallet) return;
    const check = (accounts: readonly WalletAccount[]) => {
      const next = firstSolanaAccount(accounts);
      if ((next?.address ?? null) !== addressRef.current) onChangeRef.current(next);
    };
    const events = (wallet.features as Record<string, unknown>)[StandardEvents] as
      StandardEventsFeature[typeof StandardEvents] | undefined;
    const off = events?.on('change', (props) => {
      if (props.accounts) check(props.accounts);
    });
    const timer = setInterval(() => check(wallet.accounts), ACCOUNT_POLL_MS);
    return () => {
      off?.();
      clearInterval(timer);
    };
  }, [wallet]);
}
