import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '@web/lib/when-idle';
import { toastStore } from './toast-store';

// Radix Toast is not needed to paint a page: its chunk loads after idle (docs/decisions/0014-first-paint.md).
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Mounts the Toaster after idle, or at once when a toast comes first; from then on it stays. */
export function LazyToaster() {
  const item = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => null);
  const [wanted, setWanted] = useState(false);
  if (item && !wanted) setWanted(true);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
