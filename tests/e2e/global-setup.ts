import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = path.join(ROOT, 'dist/web/index.html');
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts'];

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** The server serves dist/web: rebuild it once per run when any web input is newer than the last build. */
export default function setup() {
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
