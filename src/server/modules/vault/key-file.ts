import { chmod, open } from 'node:fs/promises';

/**
 * Writes `text` to a new file, owner-only (0600). `wx` fails with EEXIST rather than replace a file that is there:
 * a key file is never overwritten in place.
 */
export async function writeNewKeyFile(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  await chmod(file, 0o600); // the umask may have narrowed it further, never widened; make it exact
}

/**
 * Generate-once for a key in DATA_DIR: writes `text` to `file` unless another process created it between the caller's
 * read and this write, in which case that process's key (read with `readTheirs`) is returned and used, so two
 * processes starting at once never hold two keys. Null when this process wrote it.
 */
export async function createKeyFileOnce<K>(
  file: string,
  text: string,
  readTheirs: (file: string) => Promise<K | null>,
): Promise<K | null> {
  try {
    await writeNewKeyFile(file, text);
    return null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = await readTheirs(file);
      if (theirs) return theirs;
    }
    throw err;
  }
}
