import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, RUN_TYPESCRIPT } from '../../helpers/server-process';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

/** Set by the browser tests' global setup: a migrated PGlite data directory each server's DATA_DIR starts from. */
export const PGLITE_TEMPLATE_ENV = 'E2E_PGLITE_TEMPLATE';

export interface AppServer {
  url: string;
  stop(): Promise<void>;
  /**
   * The server's latest warnings and errors (pino levels warn and above, and anything it wrote that is not a log
   * line, such as a stack trace), oldest first: what a failed journey prints (useServerAndBrowser).
   */
  problems(): string[];
}

/** How many of the server's lines are kept: its last lines for a failed start, its last problems for a failed test. */
const KEEP_TAIL = 40;
const KEEP_PROBLEMS = 60;
/** pino's warn, error and fatal levels. */
const PROBLEM = /"level":(40|50|60)\b/;

/**
 * Starts the real server (src/server/main.ts) in local mode on a free port with a fresh DATA_DIR and waits
 * for GET /api/health. The server stops by itself if this process ends without stopping it (server-lifeline.ts). Its output is kept (last lines only) and shown if start-up fails; its warnings and errors are
 * kept too, for a journey that fails later.
 */
export async function startAppServer(opts: { env?: Record<string, string> } = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vanity-vault-e2e-'));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template && !opts.env?.DATABASE_URL) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
  // E2E_SERVER_ENTRY lets the web suite run against another entry point while the server is being built.
  const entry = process.env.E2E_SERVER_ENTRY ?? 'src/server/main.ts';
  const lifeline = 'tests/e2e/helpers/server-lifeline.ts';
  const child = spawn('sh', ['scripts/node.sh', 'node', ...RUN_TYPESCRIPT, lifeline, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOCAL_RPC_PORT: '0',
      SOLANA_CLUSTER: 'local',
      DEMO_DATA: 'false',
      // Pages show the stats and listings of what the test just wrote, also to a visitor without a session.
      MARKET_STATS_MAX_AGE_SECONDS: '0',
      PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0',
      PUBLIC_ORIGIN: url,
      ...opts.env,
    },
    // stdin is the server's lifeline (server-lifeline.ts): it ends when this process does.
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true, // own process group, so stop() also ends anything the server spawned
  });

  const output: string[] = [];
  const problems: string[] = [];
  // Whole lines (readline joins a line split across chunks), so a log line is never taken for a stray one.
  const keep = (line: string) => {
    if (line === '') return;
    output.push(line);
    output.splice(0, Math.max(0, output.length - KEEP_TAIL));
    if (!line.startsWith('{') || PROBLEM.test(line)) problems.push(line);
    problems.splice(0, Math.max(0, problems.length - KEEP_PROBLEMS));
  };
  createInterface({ input: child.stdout }).on('line', keep);
  createInterface({ input: child.stderr }).on('line', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop, problems: () => [...problems] };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(
    `The app server did not become healthy at ${url}.\n--- server output (tail) ---\n${output.join('\n')}`,
  );
}
