import { pageMeta } from '@shared/seo/page-meta';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Keeps <title> and the meta description in step with the route (the server sent the first page's). */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = pageMeta(pathname);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
}
