/**
 * Runs `run` once the main thread is idle after the first paint (at the latest after 2 s); returns a cancel.
 * Code that no page needs to paint (wallet machinery, toasts) loads this way (docs/decisions/0014-first-paint.md).
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}
