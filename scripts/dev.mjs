// `npm run dev`: the API (restarted on server changes) on :5000 and Vite's dev server with hot reload on :5173,
// which proxies /api and /rpc to the API. Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VITE_ORIGIN = 'http://localhost:5173';

const children = [
  spawn(
    process.execPath,
    ['--import', './scripts/drizzle-resolve.mjs', '--import', 'tsx', '--watch', 'src/server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      // The browser's requests reach the API through Vite's proxy with Vite's Origin: sign-in and the Origin check
      // must accept that origin, not the API's own.
      env: { PUBLIC_ORIGIN: VITE_ORIGIN, ...process.env },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173', '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
