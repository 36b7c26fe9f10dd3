import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Keeps <title> and the meta description in step with the route. The server sent the first page's, so the texts
 * (page-meta.ts) load with the first navigation rather than before the first render.
 */
export function usePageMeta(): void {
  const [pathname] = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
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
