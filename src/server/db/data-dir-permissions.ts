import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR belongs to the server's OS account alone. PGlite leaves its files 0666 and the
 * folder used to be created 0755, so another local account could edit the system catalogue (swap a column of
 * `sessions`) and, after a restart, read another wallet's keys; or read master.key. So: a missing DATA_DIR is
 * created 0700; an existing DATA_DIR or master.key that group or others can use stops the start-up, since whatever
 * is in it may already have been changed; and every file in it is made owner-only once the database is open.
 */
export class DataDirPermissionError extends Error {
  constructor(
    readonly target: string,
    mode: number,
  ) {
    const octal = (mode & 0o777).toString(8).padStart(3, '0');
    super(
      `Refusing to start: ${target} is accessible by group or other users (mode ${octal}). Another account on this ` +
        `machine could have read or changed it. Check its contents, then run: chmod -R go-rwx '${target}'`,
    );
    this.name = 'DataDirPermissionError';
  }
}

const GROUP_OR_OTHER = 0o077;

async function modeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mode;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Before anything opens DATA_DIR: create it 0700, or refuse it (and its master.key) when others can reach them. */
export async function secureDataDir(dataDir: string): Promise<void> {
  const dirMode = await modeOf(dataDir);
  if (dirMode === undefined) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700); // mkdir's mode passes through the umask; make it exact
    return;
  }
  if (dirMode & GROUP_OR_OTHER) throw new DataDirPermissionError(dataDir, dirMode);
  const keyFile = path.join(dataDir, 'master.key');
  const keyMode = await modeOf(keyFile);
  if (keyMode !== undefined && keyMode & GROUP_OR_OTHER) throw new DataDirPermissionError(keyFile, keyMode);
}

/** Every folder 0700 and every file 0600 under DATA_DIR (symlinks are left alone, never followed). */
export async function restrictDataDirTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      await chmod(full, 0o700);
      await restrictDataDirTree(full);
    } else if (entry.isFile() && ((await lstat(full)).mode & GROUP_OR_OTHER) !== 0) {
      await chmod(full, 0o600);
    }
  }
}
