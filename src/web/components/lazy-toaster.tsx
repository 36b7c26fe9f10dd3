import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

// Radix Toast is not needed to paint a page: its chunk loads with the first toast (docs/decisions/0013-first-paint.md).
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the Toaster once a toast has been asked for; from then on it stays, so later toasts show at once. */
export function LazyToaster() {
  const item = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => null);
  const [wanted, setWanted] = useState(false);
  if (item && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
