import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const router = createBrowserRouter(routes);

/** Resolves once the first route's lazy chunk has loaded, so React's first render is that page, not a spinner. */
const initialized = (r: ReturnType<typeof createBrowserRouter>) =>
  new Promise<void>((resolve) => {
    if (r.state.initialized) return resolve();
    const stop = r.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/*
 * The server sent `/` and `/marketplace` already painted (a build-time prerender, docs/decisions/0014-first-paint.md).
 * React replaces that markup with the same layout once the page's chunk is here; rendering earlier would swap the
 * prerender for the loading spinner and shift the page.
 */
/*
 * As a transition, React renders the page in slices of a few milliseconds and yields between them (a plain render
 * is one long task, ~250 ms on a mid-range phone). The prerendered markup stays on screen until the commit, so
 * nothing a visitor sees waits for it.
 */
void initialized(router).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
