/**
 * Everything a scenario creates (databases, temp dirs, child processes) registers its undo here; `runCleanups`
 * runs them newest first, once, on success, failure or Ctrl-C.
 */
const cleanups: { name: string; run: () => Promise<void> | void }[] = [];

export function onCleanup(name: string, run: () => Promise<void> | void): () => Promise<void> {
  const entry = { name, run };
  cleanups.push(entry);
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
    await run();
  };
}

export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const { name, run } = cleanups.pop()!;
    try {
      await run();
    } catch (err) {
      console.error(`cleanup "${name}" failed:`, err instanceof Error ? err.message : err);
    }
  }
}
