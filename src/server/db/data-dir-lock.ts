import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * An exclusive lock on DATA_DIR held for the life of the process: a file created with O_EXCL holding our pid.
 * A lock left by a process that died (SIGKILL, power loss) is taken over once its pid is gone, so a crash never
 * blocks the restart. (proper-lockfile's mtime-staleness model would make a restart right after a crash wait.)
 */
export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Vanity Vault process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR at another folder. Nothing was changed.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'vanity-vault.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await unlink(lockPath).catch(() => {});
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // The holder is gone (or the file is empty from a crash mid-write): take the lock over.
      await unlink(lockPath).catch(() => {});
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
