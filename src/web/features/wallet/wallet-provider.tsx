import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '@web/lib/when-idle';
import { useSession } from './api/get-session';
import { WalletContext, type WalletState } from './wallet-context';
import { clearStoredWallet, readStoredWallet } from './wallet-storage';

// Wallet Standard, sign-in and the Local Dev Wallet stay out of the entry chunk (docs/decisions/0014-first-paint.md).
const WalletEngine = lazy(() => import('./wallet-engine'));

/**
 * The wallet context every page reads. The session check and the stored hint need no wallet code, so the header
 * shows the address or 'Connect Wallet' at once; the engine (wallet-engine.tsx) loads after idle, at once for a
 * returning user (to reconnect the wallet), or on the first connect, and then its state replaces this one.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [stored] = useState(readStoredWallet);
  const [engine, setEngine] = useState<WalletState | null>(null);
  const [load, setLoad] = useState(stored !== null);
  // Connects asked for before the engine arrived, run once it reports its first state.
  const waiting = useRef<((state: WalletState) => void)[]>([]);

  // The session is the truth: without one, the stored hint is stale (expired cookie, other browser logout).
  useEffect(() => {
    if (session.data === null) clearStoredWallet();
  }, [session.data]);

  useEffect(() => (load ? undefined : whenIdle(() => setLoad(true))), [load]);

  const onState = useCallback((state: WalletState) => {
    setEngine(state);
    for (const resolve of waiting.current.splice(0)) resolve(state);
  }, []);

  const light = useMemo<WalletState>(() => {
    const restoring = session.isPending && stored !== null;
    const address = session.data?.walletAddress ?? (restoring ? stored.address : null);
    const viaEngine = (act: (state: WalletState) => Promise<void>) =>
      new Promise<void>((resolve, reject) => {
        setLoad(true);
        waiting.current.push((state) => act(state).then(resolve, reject));
      });
    return {
      address,
      status: restoring ? 'connecting' : address ? 'connected' : 'disconnected',
      isAdmin: session.data?.isAdmin ?? false,
      wallet: null,
      account: null,
      connect: (name) => viaEngine((state) => state.connect(name)),
      disconnect: () => viaEngine((state) => state.disconnect()),
      sessionEnded: false,
      signInAgain: () => viaEngine((state) => state.signInAgain()),
      pickerOpen: false,
      setPickerOpen: () => undefined,
    };
  }, [session.data, session.isPending, stored]);

  return (
    <WalletContext.Provider value={engine ?? light}>
      {children}
      {load && (
        <Suspense fallback={null}>
          <WalletEngine stored={stored} onState={onState} />
        </Suspense>
      )}
    </WalletContext.Provider>
  );
}
