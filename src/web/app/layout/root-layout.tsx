import { Suspense } from 'react';
import { Pages } from '../routes';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { PageFallback } from './page-fallback';
import { usePageMeta } from './use-page-meta';
import { useScrollToTop } from './use-scroll-to-top';

export function RootLayout() {
  usePageMeta();
  useScrollToTop();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-money-500 px-3 py-2 font-semibold text-vault-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10">
        <Suspense fallback={<PageFallback />}>
          <Pages />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
