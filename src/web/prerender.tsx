// First, as in main.tsx: schemas built after this never probe for eval.
import './zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';

/** The pages painted before any JavaScript runs (docs/decisions/0014-first-paint.md). */
export const PRERENDERED_PATHS = ['/', '/marketplace'] as const;

/**
 * Until React takes over, the prerendered controls have no handlers: buttons and selects say they are disabled and
 * inputs are read-only, so neither a person (or screen reader) nor a test's click or typing is silently lost.
 * React's own render, which replaces this markup, has none of these attributes.
 */
const inertControls = (html: string) =>
  html
    .replace(/<(button|select)(?=[\s>])/g, '<$1 aria-disabled="true"')
    .replace(/<(input|textarea)(?=[\s>])/g, '<$1 readonly=""');

/**
 * The inner HTML of #root for a page, as React's first render in the browser draws it: every query still pending,
 * so data blocks show their sized skeletons; where the phone and desktop layouts differ, both (see useMediaQuery).
 */
export async function prerenderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <AppProviders client={queryClient}>
        {/* hydrate={false}: no inline hydration script, which the CSP (script-src 'self') would refuse. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  // The pending queries' garbage-collection timers would keep the build process alive for minutes.
  queryClient.clear();
  return inertControls(html);
}
