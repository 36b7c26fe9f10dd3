import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/*
 * The server sent `/` and `/marketplace` already painted (a build-time prerender, docs/decisions/0014-first-paint.md).
 * React replaces that markup with the same layout once the page's chunk is here; rendering earlier would swap the
 * prerender for the loading spinner and shift the page. A chunk that fails to load renders anyway: the page then
 * suspends and the error boundary offers a reload.
 */
/*
 * As a transition, React renders the page in slices of a few milliseconds and yields between them (a plain render
 * is one long task, ~250 ms on a mid-range phone). The prerendered markup stays on screen until the commit, so
 * nothing a visitor sees waits for it.
 */
const render = () => {
  const root = createRoot(container);
  startTransition(() => root.render(<App />));
};
void preloadPage(location.pathname).then(render, render);
