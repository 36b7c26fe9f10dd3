import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createChainContext } from '@server/modules/chain';
import { loadEnv } from '@server/config/env';
import type { Database } from '@server/db/database';
import { openPostgresDatabase } from '@server/db/open-postgres';
import type { AppInstance } from '@server/types';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import { newWallet, requestChallenge, sessionCookieFrom, signChallenge, signIn } from '@tests/helpers/wallet';

/** Sessions, nonces and counters live in the database: any instance serves any request, restarts lose nothing. */

let database: TestDatabase;
/** A second connection to the same database: a separate pool on PostgreSQL, the same handle on PGlite. */
let secondConnection: Database;
const open: { close(): Promise<void> }[] = [];

async function startInstance(db: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadEnv({
    DATA_DIR: '/nonexistent-data-dir',
    SOLANA_CLUSTER: 'local',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://localhost:5000',
    VAULT_MASTER_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  const chain = await createChainContext(config);
  const app = await buildApp({ env: config, database: db, chain }, { logger: false });
  (app as unknown as AppInstance).post(
    '/api/test-only/limited',
    { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000, keyBy: 'ip' } } },
    async () => ({ ok: true }),
  );
  await app.ready();
  const handle = { close: async () => (await app.close(), await chain.close()) };
  open.push(handle);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  secondConnection = database.url ? await openPostgresDatabase(database.url, { max: 3 }) : database;
});
afterAll(async () => {
  for (const handle of open) await handle.close().catch(() => {});
  if (secondConnection !== database) await secondConnection.close();
  await database?.close();
});

const session = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

describe('sessions in the database', () => {
  it('survive a restart: a new app instance on the same database knows the session', async () => {
    const before = await startInstance(database);
    const s = await signIn(before);
    await before.close();
    const after = await startInstance(database);
    const res = await session(after, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ walletAddress: s.walletAddress, isAdmin: false });
  });

  it('work across two instances on one database, logout included', async () => {
    const a = await startInstance(database);
    const b = await startInstance(secondConnection);
    const s = await signIn(a);
    expect((await session(b, s.cookie)).statusCode).toBe(200);
    expect(
      (await b.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie } })).statusCode,
    ).toBe(204);
    expect((await session(a, s.cookie)).statusCode).toBe(401);
  });

  it('burn a nonce once across instances, even when both verify at the same moment', async () => {
    const a = await startInstance(database);
    const b = await startInstance(secondConnection);
    const wallet = await newWallet();
    const body = await signChallenge(await requestChallenge(a, wallet.walletAddress), wallet.keys);
    const results = await Promise.all([
      a.inject({ method: 'POST', url: '/api/auth/verify', payload: body }),
      b.inject({ method: 'POST', url: '/api/auth/verify', payload: body }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(results.filter((r) => sessionCookieFrom(r)).length).toBe(1);
  });

  it('share rate-limit counters across instances', async () => {
    const a = await startInstance(database);
    const b = await startInstance(secondConnection);
    const hit = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/test-only/limited', remoteAddress: '192.0.2.44' });
    expect((await hit(a)).statusCode).toBe(200);
    expect((await hit(b)).statusCode).toBe(200);
    expect((await hit(a)).statusCode).toBe(429);
    expect((await hit(b)).statusCode).toBe(429);
  });
});

describe('ADMIN_WALLETS', () => {
  it('makes the listed wallets admins at start-up, once, and only grants', async () => {
    const wallet = await newWallet();
    const env = { ADMIN_WALLETS: wallet.walletAddress };
    const first = await startInstance(database, env);
    const s = await signIn(first, wallet.keys);
    expect((await session(first, s.cookie)).json()).toEqual({ walletAddress: wallet.walletAddress, isAdmin: true });
    await startInstance(secondConnection, env); // a second instance starting changes nothing
    const grants = await database.query(
      "SELECT performed_by, metadata FROM transaction_audit WHERE action = 'admin.grant' AND metadata->>'wallet' = $1",
      [wallet.walletAddress],
    );
    expect(grants).toEqual([
      { performed_by: 'system', metadata: { wallet: wallet.walletAddress, source: 'ADMIN_WALLETS' } },
    ]);
  });
});
