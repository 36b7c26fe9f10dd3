import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const APP_SERVER = fileURLToPath(new URL('./helpers/app-server.ts', import.meta.url));
let dir: string | undefined;
afterAll(() => dir && rm(dir, { recursive: true, force: true }));

/**
 * An interrupted run (Ctrl-C, a killed worker) must not leave app servers behind: each runs in its own process group
 * (app-server.ts), so nothing else would end it. A process starts a server, names its URL and kills itself with
 * SIGKILL, which runs none of its clean-up: the server must stop by itself.
 */
it('an app server stops by itself when the process that started it dies without stopping it', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vv-lifeline-'));
  const script = path.join(dir, 'start-and-die.mjs');
  await writeFile(
    script,
    `const { startAppServer } = await import(${JSON.stringify(APP_SERVER)});
const server = await startAppServer();
console.log('URL ' + server.url);
process.kill(process.pid, 'SIGKILL');
`,
  );
  const starter = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  starter.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const signal = await new Promise((resolve) => starter.once('exit', (_code, sig) => resolve(sig)));
  expect(signal).toBe('SIGKILL');
  const url = /URL (\S+)/.exec(output)?.[1];
  expect(url, output).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  const answers = () =>
    fetch(`${url}/api/health`).then(
      () => 'answers',
      () => 'gone',
    );
  await expect.poll(answers, { timeout: 30_000, interval: 250 }).toBe('gone');
});
