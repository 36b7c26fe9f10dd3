// First, as in main.tsx: schemas built after this never probe for eval.
import './zod-jitless';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadPage } from './app/routes';

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
  await preloadPage(pathname);
  const queryClient = createQueryClient();
  const html = renderToString(<App path={pathname} client={queryClient} />);
  // The pending queries' garbage-collection timers would keep the build process alive for minutes.
  queryClient.clear();
  return inertControls(html);
}
