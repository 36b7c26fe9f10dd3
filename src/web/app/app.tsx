import { StrictMode } from 'react';
import { Router } from 'wouter';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { AppProviders } from './providers';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The whole app, as the browser (main.tsx) and the build-time prerender (prerender.tsx) render it. `path`: the page
 * to render where there is no address bar (the prerender); `client`: the prerender's own query cache.
 */
export function App({ path, client }: { path?: string; client?: QueryClient }) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        <Router ssrPath={path}>
          <RouteErrorBoundary>
            <RootLayout />
          </RouteErrorBoundary>
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
