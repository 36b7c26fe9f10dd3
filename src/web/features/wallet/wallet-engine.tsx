import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@web/components/toast-store';
import { ApiRequestError } from '@web/lib/api-client';
import { configQueryOptions } from '@web/lib/config';
import type { SessionResponse as Session } from '@shared/api/auth';
import { sessionQueryKey, useSession } from './api/get-session';
import { logout } from './api/logout';
import { LocalDevWalletApproval } from './components/local-dev-wallet-approval';
import { handleMissingWallet } from './phantom';
import { connectWallet, disconnectWallet, signInWithWallet } from './sign-in';
import { useFollowAccount } from './use-follow-account';
import { useLocalDevWallet } from './use-local-dev-wallet';
import { useReconnect } from './use-reconnect';
import { announceSessionChange, useSessionEnd } from './use-session-end';
import type { WalletState } from './wallet-context';
import { useSolanaWallets, walletLabel, walletSlug } from './wallet-discovery';
import { clearStoredWallet, writeStoredWallet, type StoredWallet } from './wallet-storage';

/** The wallet's own data: everything cached but the config and the session. */
const walletData = {
  predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== 'config' && q.queryKey[0] !== 'auth',
};

/** Cached data of the previous wallet must not leak to the next one: the next session refetches what is on screen. */
const resetWalletData = (queryClient: QueryClient) => queryClient.resetQueries(walletData);

/**
 * Signing out removes the wallet's data instead of resetting it. A reset refetches what is still mounted (the bell),
 * and that request could reach the server after the logout and come back 401; removing a query aborts its fetch.
 */
const removeWalletData = (queryClient: QueryClient) => queryClient.removeQueries(walletData);

/**
 * After signing in again as the same wallet, what is on screen is asked again in place (no loading state, so a form
 * keeps what was typed): what the server refused, and what another tab's session may have answered meanwhile.
 */
const refreshWalletData = (queryClient: QueryClient) => queryClient.invalidateQueries(walletData);

/**
 * Why a connect failed, in the server's words when the server refused it (a page opened at an origin this server does
 * not accept says which one to open): "Could not connect" alone gave the user nothing to do next.
 */
const connectFailure = (w: Wallet, err: unknown) =>
  err instanceof ApiRequestError
    ? `Could not connect to ${walletLabel(w)}: ${err.message}`
    : `Could not connect to ${walletLabel(w)}`;

/**
 * The wallet machinery (Wallet Standard discovery, sign-in, reconnect, account following, the Local Dev Wallet),
 * loaded in its own chunk by WalletProvider after the first paint or on the first connect. It renders nothing:
 * it reports its state up through `onState`, so the page tree never remounts when it arrives.
 */
export default function WalletEngine({
  stored,
  onState,
}: {
  /** Read once by WalletProvider: which wallet to reconnect to and what to show while the session loads. */
  stored: StoredWallet | null;
  onState: (state: WalletState) => void;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const wallets = useSolanaWallets();
  useLocalDevWallet();

  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [account, setAccount] = useState<WalletAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  // A ref as well as state: wallet events and the poll can fire again before React re-renders.
  const busyRef = useRef(false);

  const sessionAddress = session.data?.walletAddress ?? null;
  // No toast says so: the page's own refusal ("Sign in with your wallet first.") is the one toast shown, and the header
  // button turns into "Sign in again".
  const { ended: sessionEnded, clear: clearSessionEnd } = useSessionEnd(sessionAddress);

  const signedIn = useCallback(
    (w: Wallet, a: WalletAccount, s: Session) => {
      void (sessionAddress === s.walletAddress ? refreshWalletData(queryClient) : resetWalletData(queryClient));
      clearSessionEnd();
      queryClient.setQueryData(sessionQueryKey, s);
      announceSessionChange();
      writeStoredWallet({ address: s.walletAddress, type: walletSlug(w) });
      setWallet(w);
      setAccount(a);
    },
    [queryClient, sessionAddress, clearSessionEnd],
  );

  const run = useCallback(async (task: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, []);

  const disconnect = useCallback(async () => {
    const previous = wallet;
    setWallet(null);
    setAccount(null);
    clearSessionEnd();
    clearStoredWallet();
    queryClient.setQueryData(sessionQueryKey, null);
    removeWalletData(queryClient);
    // Best effort: the local state is already cleared whatever the server or wallet answer.
    await Promise.allSettled([logout(), previous ? disconnectWallet(previous) : Promise.resolve()]);
    announceSessionChange();
  }, [queryClient, clearSessionEnd, wallet]);

  const connect = useCallback(
    async (walletName?: string) => {
      const target = walletName ? wallets.find((w) => w.name === walletName) : undefined;
      if (!walletName) {
        if (wallets.length) return setPickerOpen(true);
        // In local mode the Local Dev Wallet registers once the config (and its code) has loaded; a click that
        // comes first opens the picker, which lists the wallet as soon as it registers.
        const config = await queryClient.ensureQueryData(configQueryOptions()).catch(() => null);
        return config?.features.localDevWallet ? setPickerOpen(true) : handleMissingWallet();
      }
      if (!target) return handleMissingWallet();
      setPickerOpen(false);
      await run(async () => {
        try {
          const connected = await connectWallet(target);
          if (!connected) throw new Error('The wallet shared no Solana account');
          signedIn(target, connected, await signInWithWallet(target, connected));
          toast({
            title: 'Wallet Connected!',
            description: `${walletLabel(target)} connected successfully`,
            variant: 'success',
          });
        } catch (err) {
          await disconnectWallet(target).catch(() => undefined);
          toast({
            title: 'Connection Failed',
            description: connectFailure(target, err),
            variant: 'error',
          });
        }
      });
    },
    [queryClient, run, signedIn, wallets],
  );

  /** The wallet switched accounts: the session must follow, which takes a new sign-in by that account. */
  const followAccount = useCallback(
    (w: Wallet, next: WalletAccount | null) =>
      run(async () => {
        if (!next) return void (await disconnect());
        try {
          signedIn(w, next, await signInWithWallet(w, next));
          toast({ title: 'Wallet Account Changed', description: `Signed in as ${next.address}`, variant: 'success' });
        } catch (err) {
          await disconnect();
          toast({
            title: 'Connection Failed',
            description: connectFailure(w, err),
            variant: 'error',
          });
        }
      }),
    [disconnect, run, signedIn],
  );

  /** The session ended under this tab: the same wallet signs in again; declining it signs this tab out. */
  const signInAgain = useCallback(async () => {
    if (!wallet || !account) return connect();
    await run(async () => {
      try {
        signedIn(wallet, account, await signInWithWallet(wallet, account));
        toast({ title: 'Signed In Again', description: `Signed in as ${account.address}`, variant: 'success' });
      } catch (err) {
        await disconnect();
        toast({ title: 'Connection Failed', description: connectFailure(wallet, err), variant: 'error' });
      }
    });
  }, [account, connect, disconnect, run, signedIn, wallet]);

  useFollowAccount(wallet, account?.address ?? null, (next) => wallet && void followAccount(wallet, next));

  useReconnect(sessionAddress, stored?.type ?? null, wallet !== null, (w, a) => {
    setWallet(w);
    setAccount(a);
    if (a && a.address !== sessionAddress) void followAccount(w, a);
  });

  const value = useMemo<WalletState>(() => {
    const restoring = session.isPending && stored !== null;
    const address = sessionAddress ?? (restoring ? stored.address : null);
    return {
      address,
      status: busy || restoring ? 'connecting' : address ? 'connected' : 'disconnected',
      isAdmin: session.data?.isAdmin ?? false,
      wallet,
      account,
      connect,
      disconnect,
      sessionEnded,
      signInAgain,
      pickerOpen,
      setPickerOpen,
    };
  }, [
    account,
    busy,
    connect,
    disconnect,
    pickerOpen,
    session.data,
    session.isPending,
    sessionAddress,
    sessionEnded,
    signInAgain,
    stored,
    wallet,
  ]);

  useEffect(() => onState(value), [onState, value]);
  // Renders nothing until the Local Dev Wallet asks to sign something.
  return <LocalDevWalletApproval />;
}
