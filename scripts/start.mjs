// `npm start`: build the web app when it is missing or older than its sources, then run the server in this
// process (tsx compiles the TypeScript server on the fly; there is no separate server build to forget).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/web', 'src/shared', 'src/chain'].map((d) => path.join(root, d)).filter(existsSync);
const sourceTime = Math.max(...sources.map(newestMtime), statSync(path.join(root, 'vite.config.ts')).mtimeMs);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app (once per change)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Before anything loads drizzle-orm: each start would otherwise spend most of a second in Node's module resolution.
await import('./drizzle-resolve.mjs');
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/main.ts'));
