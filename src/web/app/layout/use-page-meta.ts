import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Keeps <title> and the meta description in step with the route. The server sent the first page's, so the texts
 * (page-meta.ts) load with the first navigation rather than before the first render.
 */
export function usePageMeta(): void {
  const [pathname] = useLocation();
  // The page whose head the server wrote, until the visitor moves (coming back to it is then a navigation too).
  const served = useRef<string | null>(pathname);
  useEffect(() => {
    if (pathname === served.current) return;
    served.current = null;
    let current = true;
    void import('@shared/seo/page-meta').then(({ pageMeta }) => {
      if (!current) return;
      const meta = pageMeta(pathname);
      document.title = meta.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    });
    return () => void (current = false);
  }, [pathname]);
}
