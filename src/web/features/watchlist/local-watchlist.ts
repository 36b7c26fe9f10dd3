/** The signed-out star, kept in localStorage; a tiny external store so every star on the page agrees. */
const KEY = 'vv.watchlist';
const listeners = new Set<() => void>();
let snapshot: string[] | null = null;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export const localWatchlist = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): string[] {
    snapshot ??= read();
    return snapshot;
  },
  set(id: string, starred: boolean) {
    const rest = localWatchlist.getSnapshot().filter((v) => v !== id);
    snapshot = starred ? [id, ...rest] : rest;
    try {
      localStorage.setItem(KEY, JSON.stringify(snapshot));
    } catch {
      // Storage full or blocked: the star still shows for this page view.
    }
    for (const l of listeners) l();
  },
};
