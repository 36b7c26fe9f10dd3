import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { createContext, useContext } from 'react';

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

export interface WalletState {
  /** The signed-in wallet address (from the server session), or the stored one while the session loads. */
  address: string | null;
  status: WalletStatus;
  isAdmin: boolean;
  /** The Wallet Standard wallet and account to sign with; null until the wallet itself is reachable. */
  wallet: Wallet | null;
  account: WalletAccount | null;
  /** Connects and signs in; without a name, opens the wallet picker. */
  connect: (walletName?: string) => Promise<void>;
  disconnect: () => Promise<void>;
  /**
   * The server ended the session this tab still shows (it expired, or the wallet signed out in another tab). Pages
   * keep what they show and what was typed into them; the header offers `signInAgain`.
   */
  sessionEnded: boolean;
  /** Signs the shown wallet in again (one prompt), or opens the picker when this tab has no wallet attached. */
  signInAgain: () => Promise<void>;
  pickerOpen: boolean;
  setPickerOpen: (open: boolean) => void;
}

export const WalletContext = createContext<WalletState | null>(null);

export function useWallet(): WalletState {
  const state = useContext(WalletContext);
  if (!state) throw new Error('useWallet must be used inside <WalletProvider>');
  return state;
}
