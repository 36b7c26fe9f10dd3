import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from './db';

/**
 * The variables for a server runtime (main.ts's) on data of its own: a fresh DATA_DIR and, on the api-postgres
 * project, a fresh test database as DATABASE_URL (on PGlite the runtime opens its embedded one in DATA_DIR). Their
 * removal goes into `cleanups`, to run after the runtime has closed.
 */
export async function ownRuntimeData(
  prefix: string,
  cleanups: (() => Promise<void>)[],
): Promise<{ dataDir: string; DATABASE_URL?: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (process.env.TEST_DB_DRIVER !== 'postgres') return { dataDir };
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return { dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
}
