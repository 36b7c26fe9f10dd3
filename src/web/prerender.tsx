// First, as in main.tsx: schemas built after this never probe for eval.
import './zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { ServerMediaMatch } from './features/marketplace/use-media-query';

/** The pages painted before any JavaScript runs (docs/decisions/0013-first-paint.md). */
export const PRERENDERED_PATHS = ['/', '/marketplace'] as const;

async function render(pathname: string, desktop: boolean): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <ServerMediaMatch value={desktop}>
        <AppProviders client={queryClient}>
          {/* hydrate={false}: no inline hydration script, which the CSP (script-src 'self') would refuse. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerMediaMatch>
    </StrictMode>,
  );
  // The pending queries' garbage-collection timers would keep the build process alive for minutes.
  queryClient.clear();
  return html;
}

/**
 * The inner HTML of #root for a page, as React's first render in the browser draws it: every query still pending,
 * so data blocks show their sized skeletons. When the phone and desktop layouts differ (the marketplace's cards and
 * table), both are sent and CSS shows the one for the viewport; `display: contents` keeps the wrapper out of layout.
 */
export async function prerenderPage(pathname: string): Promise<string> {
  const [desktop, phone] = await Promise.all([render(pathname, true), render(pathname, false)]);
  if (desktop === phone) return desktop;
  return `<div class="hidden md:contents">${desktop}</div><div class="contents md:hidden">${phone}</div>`;
}
