import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { createServerRuntime } from './runtime';
import { armCrashPoint } from './config/crash-point';
import { EnvError, loadEnv } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';

/**
 * How far V8 lets the main heap's old generation grow past what survived the last full collection before the next one.
 * By default it picks up to 4× for a fast allocator: a 100,000-row bulk upload, whose chunks live across awaits and so
 * leave their garbage in the old generation, took the main heap to ~340 MB for ~100 MB live, and the process's peak
 * RSS past the 600 MB target. At 1.5× it peaked 40–60 MB lower in the same time (docs/benchmarks.md, bulk). Search
 * requests leave almost only young garbage, which this does not touch: their throughput did not change measurably.
 */
const OLD_GENERATION_GROWTH_PERCENT = 50;

/** Entry point of `npm start`: parse the configuration, open everything, listen, and shut down cleanly. */
async function main(): Promise<void> {
  // Read by V8 each time it sets the next collection's limit, so setting it before the first request is enough.
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  // Files this process creates later (PGlite's WAL segments, the local chain's state file on every rewrite) are
  // owner-only too, not just the ones start-up found.
  process.umask(0o077);
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let runtime;
  try {
    runtime = await createServerRuntime(env, { prettyLogs: process.stdout.isTTY === true });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app } = runtime;
  // Armed here only, never by an in-process app: a crash point must kill a server, not a test runner.
  if (env.faultCrashAt) {
    app.log.warn(
      { faultCrashAt: env.faultCrashAt },
      'FAULT_CRASH_AT is set (test-only): this process will kill itself',
    );
    armCrashPoint(env.faultCrashAt);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Fastify names every interface it listens on, and most of them are not where sign-in works: one line names the
  // URL to open instead. LOG_LEVEL=debug keeps Fastify's lines too.
  const level = app.log.level;
  if (level === 'info') app.log.level = 'warn';
  try {
    await app.listen({ port: env.port, host: env.host });
  } finally {
    app.log.level = level;
  }
  app.log.info(`Vanity Vault is ready: open ${urlToOpen(env.publicOrigin, app.server.address())}`);
}

/** PUBLIC_ORIGIN, with the port the server really got when it was asked for any (PORT=0). */
function urlToOpen(publicOrigin: string, address: string | AddressInfo | null): string {
  const url = new URL(publicOrigin);
  if (url.port === '0' && address && typeof address === 'object') url.port = String(address.port);
  return url.origin;
}

main().catch((err: unknown) => {
  console.error('Vanity Vault failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
