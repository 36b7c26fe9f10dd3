import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A link to another page starts at its top, as a full page load would. Back and forward are left to the browser,
 * which puts the scroll position back itself; changing only the query (the marketplace's filters and pages) does
 * not move the page.
 */
export function useScrollToTop(): void {
  const [pathname] = useLocation();
  // Where the last back or forward went: a pathname, or null once a render has seen it.
  const traversedTo = useRef<string | null>(null);
  useLayoutEffect(() => {
    const onPop = () => void (traversedTo.current = location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  // The last page scrolled for: StrictMode's second run of the effect on mount is then not a new page.
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current !== pathname && traversedTo.current !== pathname) window.scrollTo(0, 0);
    shown.current = pathname;
    traversedTo.current = null;
  }, [pathname]);
}
