import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGLITE_TEMPLATE_ENV } from './helpers/app-server';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = path.join(ROOT, 'dist/web/index.html');
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts'];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** The server serves dist/web: rebuild it once per run when any web input is newer than the last build. */
export function buildWebIfStale() {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  const sourcesAt = Math.max(...INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  if (builtAt >= sourcesAt && !process.env.E2E_REBUILD) return;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('sh', ['scripts/node.sh', 'npx', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  });
}

/**
 * One migrated PGlite data directory for the run, which every app server's DATA_DIR starts from (app-server.ts):
 * creating and migrating one took about 3.5 of the 6 s a server needed to start. The server's own start on an empty
 * DATA_DIR is still tested (src/server/main-data-dir.test.ts, src/server/main.test.ts).
 */
async function migratedPglite(): Promise<{ dir: string; remove: () => Promise<void> }> {
  // Imported here, not at the top: bench/web.ts imports buildWebIfStale from this file without a database.
  const { openEmbeddedDatabase } = await import('../../src/server/db/open-embedded');
  const home = await mkdtemp(path.join(os.tmpdir(), 'vv-e2e-pglite-'));
  const database = await openEmbeddedDatabase(home);
  await database.close();
  return { dir: path.join(home, 'pglite'), remove: () => rm(home, { recursive: true, force: true }) };
}

export default async function setup() {
  buildWebIfStale();
  const template = await migratedPglite();
  process.env[PGLITE_TEMPLATE_ENV] = template.dir;
  return template.remove;
}
