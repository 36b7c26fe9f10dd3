export interface KeyedMemoOptions<T> {
  /** How long an answer is reused; 0 computes every time. */
  maxAgeMs: number;
  /** The most the kept answers may weigh together (see `weigh`); the oldest go first. */
  maxWeight: number;
  /** An answer's weight, e.g. a string's length. One heavier than `maxWeight` is not kept. */
  weigh: (value: T) => number;
  now?: () => number;
}

/**
 * Answers by key, each recomputed at most once per `maxAgeMs`: callers within that time get the last answer,
 * and callers arriving while it is being computed share that one computation (so a burst of the same request
 * costs one query, not one each). A failure is not remembered. Memory is bounded by `maxWeight`, not by the
 * number of distinct keys callers can invent; answers past their age are dropped as new ones arrive.
 */
export function memoizeByKeyFor<T>({ maxAgeMs, maxWeight, weigh, now = () => Date.now() }: KeyedMemoOptions<T>) {
  // Insertion order is age order: an entry is deleted before it is stored again.
  const kept = new Map<string, { value: T; at: number; weight: number }>();
  const inFlight = new Map<string, Promise<T>>();
  let weight = 0;

  const drop = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    weight -= entry.weight;
    kept.delete(key);
  };
  const keep = (key: string, value: T) => {
    drop(key);
    const at = now();
    const w = weigh(value);
    if (w <= maxWeight) {
      kept.set(key, { value, at, weight: w });
      weight += w;
    }
    for (const [k, entry] of kept) {
      if (weight <= maxWeight && at - entry.at < maxAgeMs) break;
      drop(k);
    }
  };

  return (key: string, load: () => Promise<T>): Promise<T> => {
    if (maxAgeMs <= 0) return load();
    const hit = kept.get(key);
    if (hit && now() - hit.at < maxAgeMs) return Promise.resolve(hit.value);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          keep(key, value);
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** `load`, recomputed at most once per `maxAgeMs`, with the sharing of `memoizeByKeyFor`. */
export function memoizeFor<T>(load: () => Promise<T>, maxAgeMs: number, now = () => Date.now()) {
  const memo = memoizeByKeyFor<T>({ maxAgeMs, maxWeight: 0, weigh: () => 0, now });
  return () => memo('', load);
}
