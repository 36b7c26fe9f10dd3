import { useSyncExternalStore } from 'react';

/**
 * Renders one layout, not two hidden by CSS: the phone cards and the desktop table never coexist in the DOM once
 * React runs. Null where there is no window (the build-time prerender, src/web/prerender.tsx): the page then sends
 * both layouts and CSS shows the one for the viewport.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore<boolean | null>(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
