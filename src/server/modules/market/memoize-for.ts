/**
 * `load`, recomputed at most once per `maxAgeMs`: callers within that time get the last answer, and callers
 * arriving while it is being computed share that one computation (so a burst costs one query, not one each).
 * A failure is not remembered. `maxAgeMs` 0 computes every time.
 */
export function memoizeFor<T>(load: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now) {
  let last: { value: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  return (): Promise<T> => {
    if (maxAgeMs <= 0) return load();
    if (last && now() - last.at < maxAgeMs) return Promise.resolve(last.value);
    inFlight ??= load()
      .then((value) => {
        last = { value, at: now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
