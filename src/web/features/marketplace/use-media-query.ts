import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What media queries answer where there is no window: the build-time prerender (src/web/prerender.tsx) renders
 * the desktop and the phone layout, one with each answer.
 */
export const ServerMediaMatch = createContext(true);

/** Renders one layout, not two hidden by CSS: the phone cards and the desktop table never coexist in the DOM. */
export function useMediaQuery(query: string): boolean {
  const serverMatch = useContext(ServerMediaMatch);
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverMatch,
  );
}
