import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

/**
 * What a command that writes the database holds while it runs: with the embedded database, the server's own DATA_DIR
 * lock (PGlite would let two processes corrupt one directory), so it refuses to run beside the server; with PostgreSQL,
 * nothing. Returns the release, or null after telling `err` why not (`needs` says what the command needs, e.g. "Key
 * rotation needs the embedded database to itself").
 */
export async function lockEmbeddedDatabase(
  env: { databaseUrl?: string | undefined; dataDir: string },
  err: (line: string) => void,
  needs: string,
): Promise<(() => Promise<void>) | null> {
  if (env.databaseUrl) return async () => {};
  try {
    return await lockDataDir(env.dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      err(`${e.message}\n${needs}: stop the server first.`);
      return null;
    }
    throw e;
  }
}
