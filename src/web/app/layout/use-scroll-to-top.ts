import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A link to another page starts at its top, as a full page load would. Back and forward are left to the browser,
 * which puts the scroll position back itself; changing only the query (the marketplace's filters and pages) does
 * not move the page.
 */
export function useScrollToTop(): void {
  const [pathname] = useLocation();
  const traversing = useRef(false);
  useLayoutEffect(() => {
    const onPop = () => void (traversing.current = true);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (!first.current && !traversing.current) window.scrollTo(0, 0);
    first.current = false;
    traversing.current = false;
  }, [pathname]);
}
