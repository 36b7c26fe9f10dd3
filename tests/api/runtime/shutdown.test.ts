import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '@server/config/env';
import { createServerRuntime } from '@server/runtime';
import { testEnvVars } from '@tests/helpers/app';
import { ownRuntimeData } from '@tests/helpers/runtime-data';

/**
 * "Cannot use a pool after calling end" (docs/reliability.md#shutdown-sigterm): shutdown closed the database while a
 * handler whose client had hung up was still between two queries (Fastify's close waits for connections, not for
 * handlers), and while fire-and-forget work (the order settle timer, the live price refresh) was running; both now
 * count in `app.inFlight`, which the close sequence of `main.ts`'s runtime drains before the database closes. Both
 * databases: this file's PostgreSQL copy, or PGlite in DATA_DIR.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runtimeOnOwnData() {
  const { dataDir, ...database } = await ownRuntimeData('vv-shutdown-', cleanups);
  const env = loadEnv({ ...testEnvVars(dataDir), GRIND_WORKERS: '0', ...database });
  return createServerRuntime(env, { logger: false });
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('shutdown', { timeout: 120_000 }, () => {
  it("waits for a handler whose client hung up before closing the database; the handler's next query works", async () => {
    const runtime = await runtimeOnOwnData();
    const { app } = runtime;
    const between = deferred();
    const gate = deferred();
    const handled = deferred();
    const steps: string[] = [];
    // A handler with two database steps, paused between them (as a purchase waits on an RPC call).
    app.get('/shutdown-test/two-steps', async () => {
      try {
        await app.database.query('select 1');
        between.resolve();
        await gate.promise;
        await app.database.query('select 2');
        steps.push('second query done');
        return { ok: true };
      } catch (err) {
        steps.push(err instanceof Error ? err.message : String(err));
        throw err;
      } finally {
        handled.resolve();
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const client = httpRequest({ host: '127.0.0.1', port, path: '/shutdown-test/two-steps' });
    client.on('error', () => undefined);
    client.end();
    await between.promise;
    // The client hangs up: its connection is gone, so nothing in Fastify's close waits for this handler.
    client.destroy();

    // The handler resumes when the close sequence reaches the database, or when it starts waiting for work in
    // flight, whichever comes first. Without the wait, the database is already closing when it resumes.
    const database = app.database;
    const closeDatabase = database.close.bind(database);
    database.close = async () => {
      gate.resolve();
      await closeDatabase();
    };
    const drain = app.inFlight.drain.bind(app.inFlight);
    app.inFlight.drain = async () => {
      gate.resolve();
      await drain();
    };

    await runtime.close();
    await handled.promise;
    expect(steps).toEqual(['second query done']);
    await expect(database.query('select 3')).rejects.toThrow();
  });
});
