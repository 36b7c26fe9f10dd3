import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, RUN_TYPESCRIPT } from '../../tests/helpers/server-process';
import { onCleanup } from './cleanup';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  origin: string;
  pid: number;
  /** The server's temp DATA_DIR (its local chain's state and keys), removed by `stop()`. */
  dataDir: string;
  /** The environment the server was started with, for a CLI that must see the same configuration. */
  env: NodeJS.ProcessEnv;
  /** SIGTERM (SIGKILL after 20 s), keeping DATA_DIR: for a CLI that reads it with the server stopped. */
  halt(): Promise<void>;
  /** Halts the server and removes DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * The real server (`src/server/main.ts`) as a child process on a loopback port, so the load generator's CPU is
 * not spent in the server's event loop. Resolves once /api/health answers. `extraEnv` adds to (or overrides) the
 * server's environment.
 */
export async function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv_bench_server_'));
  const removeDir = onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SOLANA_CLUSTER: 'local',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    LOCAL_RPC_PORT: '0',
    ...extraEnv,
  };
  const child = spawn('sh', ['scripts/node.sh', 'node', ...RUN_TYPESCRIPT, 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = onCleanup(`stop server ${child.pid}`, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before answering /api/health`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    origin,
    pid: child.pid!,
    dataDir,
    env,
    halt: kill,
    async stop() {
      await kill();
      await removeDir();
    },
  };
}
