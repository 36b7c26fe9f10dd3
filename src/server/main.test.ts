import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RUN_TYPESCRIPT, waitForHealth } from '@tests/helpers/server-process';

// The real entry point as `npm start` runs it, in child processes: start-up checks must stop the process itself.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...RUN_TYPESCRIPT, 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DEMO_DATA: 'false', LOCAL_RPC_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('start-up', () => {
  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['SOLANA_CLUSTER', { SOLANA_CLUSTER: 'moonnet' }],
  ])('stops with a message naming %s when it is invalid', async (name, env) => {
    const { code, stderr } = await exitOf(startServer(env));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toMatch(new RegExp(`^\\s+- ${name}:`, 'm'));
  });

  describe('a second server on the same DATA_DIR', () => {
    let dataDir: string;
    let first: ChildProcess;
    let url: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-lock-'));
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      first = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      await waitForHealth(url);
    }, 120_000);

    afterAll(async () => {
      if (first && first.exitCode === null) {
        const exited = exitOf(first);
        first.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    });

    it('fails fast with a clear message while the first keeps working', async () => {
      const port = await freePort();
      const { code, stderr } = await exitOf(startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }));
      expect(code).toBe(1);
      expect(stderr).toContain(`DATA_DIR ${dataDir} is in use by another Vanity Vault process`);
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ database: { ok: true, driver: 'pglite' } });
    }, 60_000);

    it('shuts down cleanly on SIGTERM and releases DATA_DIR for the next start', async () => {
      const exited = exitOf(first);
      first.kill('SIGTERM');
      expect((await exited).code).toBe(0);
      const port = await freePort();
      const next = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      await waitForHealth(`http://127.0.0.1:${port}`);
      const stopped = exitOf(next);
      next.kill('SIGTERM');
      expect((await stopped).code).toBe(0);
    }, 120_000);
  });

  it('names the one URL to open, and logs answered requests below info, as JSON lines off a terminal', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-log-'));
    const port = await freePort();
    const child = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += String(chunk)));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/no-such-route`)).status).toBe(404);
    } finally {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
    // stdout is a pipe here, not a terminal: one JSON object per line (pino-pretty is for terminals only).
    const lines = stdout.split('\n').filter(Boolean);
    const entries = lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; res?: { statusCode: number } },
    );
    const opens = entries.filter((e) => /open http/.test(e.msg));
    expect(opens.map((e) => e.msg)).toEqual([`Vanity Vault is ready: open http://localhost:${port}`]);
    expect(entries.some((e) => e.msg.startsWith('Server listening'))).toBe(false);
    // The 200s (health checks, config) are debug lines, hidden at info; the 404 is kept, at info (30).
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.map((e) => [e.level, e.res?.statusCode])).toEqual([[30, 404]]);
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(false);
  }, 120_000);
});
