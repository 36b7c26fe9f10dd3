import { useSyncExternalStore } from 'react';

/** Renders one layout, not two hidden by CSS: the phone cards and the desktop table never coexist in the DOM. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
