/** How many filters' totals are kept at most; the oldest go first. */
const MAX_KEPT = 10_000;

/**
 * Capped totals (`pageListings`), kept per filter for `maxAgeMs` and shared by every caller, so a page of a large
 * result is one statement (its rows) instead of two. Only a total that reached the cap is kept: it says "more than
 * N", which stays true however the marketplace moves in a few seconds unless it shrinks below N. An exact total
 * (N or fewer matches, cheap to count) is never kept, so it always agrees with the rows beside it.
 */
export function createKeptTotals(maxAgeMs: number, now: () => number = Date.now) {
  const kept = new Map<string, { n: number; at: number }>();
  return {
    /** The kept count of `key`, if one is fresh. */
    get(key: string): number | undefined {
      const hit = kept.get(key);
      if (!hit) return undefined;
      if (now() - hit.at < maxAgeMs) return hit.n;
      kept.delete(key);
      return undefined;
    },
    /** Keeps `n` if it is past `cap` (a lower bound, not an exact count). */
    offer(key: string, n: number, cap: number): void {
      if (maxAgeMs <= 0 || n <= cap) return;
      kept.delete(key);
      kept.set(key, { n, at: now() });
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    },
  };
}

export type KeptTotals = ReturnType<typeof createKeptTotals>;

/** Keeps nothing: every page counts (a seller's own list, tests of the counting itself). */
export const noKeptTotals: KeptTotals = createKeptTotals(0);
