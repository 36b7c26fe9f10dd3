import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { REPLICA_APPLICATION_NAME } from '@server/db/read-replicas';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { testDriver } from '@tests/helpers/db';
import { createListing, createUser } from '@tests/helpers/factories';
import { createStreamingReplica, type StreamingReplica } from '@tests/helpers/streaming-replica';

/**
 * DATABASE_READ_URLS against a real streaming replica of the test cluster (tests/helpers/streaming-replica.ts):
 * which reads it serves, that a caller who wrote reads the primary, and that a stopped or lagging replica is
 * skipped. PostgreSQL only: PGlite has no replicas. One replica for the file; replay is paused and the replica
 * stopped one test at a time, and always undone.
 */
const onPostgres = testDriver() === 'postgres';

interface Health {
  replicas: { url: string; state: string; lagSeconds: number | null; error?: string }[];
}

if (!onPostgres) throw new Error('read-replicas.test.ts runs on api-postgres only (vitest.config.ts)');

describe('read replicas, on a real streaming replica', () => {
  let replica: StreamingReplica;
  /** Replica lag allowed 60 s: a paused replica stays in use, so tests can see who reads from it. */
  let t: TestApp;
  /** Replica lag allowed 1 s: a paused replica is soon skipped. */
  let strict: TestApp;

  beforeAll(async () => {
    replica = await createStreamingReplica(inject('postgresAdminUrl'), { logStatements: true });
    const withReplica = (maxReplicaLagMs: number) =>
      createTestApp({ database: { readReplicas: [replica], maxReplicaLagMs, replicaCheckIntervalMs: 200 } });
    [t, strict] = await Promise.all([withReplica(60_000), withReplica(1_000)]);
    await Promise.all([replicaState(t, 'ready'), replicaState(strict, 'ready')]);
  }, 120_000);

  afterAll(async () => {
    await replica?.query('postgres', 'SELECT pg_wal_replay_resume()').catch(() => {});
    await Promise.all([t?.close(), strict?.close()]);
    await replica?.close();
  });

  const dbName = (app: TestApp) => new URL(app.database.url!).pathname.slice(1);
  const health = async (app: TestApp) => (await app.app.inject('/api/health')).json() as Health;
  /** Waits for the app's background checks to find the replica in `state` (also from beforeAll: no expect.poll). */
  const replicaState = async (app: TestApp, state: string) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const status = (await health(app)).replicas[0];
      if (status?.state === state) return;
      if (Date.now() > deadline) throw new Error(`replica ${JSON.stringify(status)}, expected ${state}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Statements the app's replica connections ran on the replica, its health checks left out. */
  const servedReads = (app: TestApp) =>
    replica
      .statements(dbName(app))
      .filter((s) => s.app === REPLICA_APPLICATION_NAME && !s.sql.includes('pg_is_in_recovery'));
  const wroteLately = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name === 'vv_wrote');
    return cookie ? `${cookie.name}=${cookie.value}` : undefined;
  };
  const paused = async <T>(work: () => Promise<T>): Promise<T> => {
    await replica.query('postgres', 'SELECT pg_wal_replay_pause()');
    try {
      return await work();
    } finally {
      await replica.query('postgres', 'SELECT pg_wal_replay_resume()');
    }
  };

  it('reports each replica in /api/health without credentials', async () => {
    const [status] = (await health(t)).replicas;
    expect(status).toMatchObject({ state: 'ready', lagSeconds: expect.any(Number) });
    expect(status!.url).toBe(`postgres://127.0.0.1:${replica.port}/${dbName(t)}`);
  });

  it('serves search, featured, address pages, stats, activity, recent sales and sitemaps from the replica', async () => {
    const { listing } = await createListing(t, { price: '2.5' });
    await replica.caughtUp();
    for (const url of [
      '/api/addresses/search?query=ab',
      '/api/addresses/featured',
      `/api/addresses/by-address/${listing.address}`,
      `/api/addresses/lookup/${listing.address}`,
      '/api/market-stats',
      `/api/addresses/${listing.id}/activity`,
      '/api/transactions/recent',
      '/sitemap.xml',
      `/og/address/${listing.address}.png`,
    ]) {
      const before = servedReads(t).length;
      const res = await t.app.inject(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      await expect.poll(() => servedReads(t).length, { message: url }).toBeGreaterThan(before);
    }
    // The search served by the replica found the listing the primary wrote.
    const page = await t.app.inject('/api/addresses/search?pageSize=100');
    expect(page.json().addresses.map((a: { id: string }) => a.id)).toContain(listing.id);
  });

  it('keeps session reads and writes on the primary', async () => {
    const user = await createUser(t);
    const before = servedReads(t).length;
    const own = await t.app.inject({ url: '/api/addresses/user', headers: { cookie: user.cookie } });
    expect(own.statusCode).toBe(200);
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie: user.cookie } });
    expect(session.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(servedReads(t).slice(before)).toEqual([]);
  });

  it('buys from the primary, and the buyer reads their own write while the replica has not replayed it', async () => {
    await paused(async () => {
      // Written while replay is paused: the replica has neither the listing nor the reservation.
      const { listing } = await createListing(t, { price: '1' });
      const buyer = await createUser(t);
      await t.chain.validator!.airdrop(buyer.walletAddress, 2n * LAMPORTS_PER_SOL);
      const bought = await t.app.inject({
        method: 'POST',
        url: '/api/transactions/initiate',
        headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
        payload: {
          addressId: listing.id,
          buyerId: buyer.walletAddress,
          price: 1,
          currency: 'SOL',
          membershipTier: 'basic',
        },
      });
      // The purchase re-checked the listing on the primary: the replica would not have found it.
      expect(bought.statusCode, bought.body).toBe(201);
      const marker = wroteLately(bought);
      expect(marker).toBeDefined();

      // The buyer (who just wrote) reads the primary: the listing, reserved.
      const mine = await t.app.inject({
        url: `/api/addresses/by-address/${listing.address}`,
        headers: { cookie: `${buyer.cookie}; ${marker}` },
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().status).toBe('pending');

      // Anybody else is served by the replica, still in use (60 s allowed) and behind: not there yet.
      const theirs = await t.app.inject(`/api/addresses/by-address/${listing.address}`);
      expect(theirs.statusCode).toBe(404);
      return listing;
    });
    await replica.caughtUp();
  });

  it('answers every read from the primary while a replica is stopped, and uses it again once it is back', async () => {
    const { listing } = await createListing(t);
    await replica.stop();
    try {
      // At once, before any background check has seen it: the statements fall back to the primary.
      for (const url of ['/api/addresses/search', `/api/addresses/by-address/${listing.address}`, '/sitemap.xml']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(200);
      }
      await replicaState(t, 'down');
      const status = (await health(t)).replicas[0]!;
      expect(status.error).toBeDefined();
      expect(JSON.stringify(status)).not.toMatch(/postgres@/);
      const res = await t.app.inject(`/api/addresses/by-address/${listing.address}`);
      expect(res.json().id).toBe(listing.id);
    } finally {
      await replica.start();
    }
    await replicaState(t, 'ready');
    const before = servedReads(t).length;
    expect((await t.app.inject('/api/addresses/featured')).statusCode).toBe(200);
    await expect.poll(() => servedReads(t).length).toBeGreaterThan(before);
  });

  it('skips a replica whose replay lags more than READ_REPLICA_MAX_LAG_SECONDS, until it catches up', async () => {
    await paused(async () => {
      const { listing } = await createListing(strict);
      await replicaState(strict, 'lagging');
      expect((await health(strict)).replicas[0]!.lagSeconds).toBeGreaterThan(1);
      const before = servedReads(strict).length;
      // Anybody's read is served by the primary: the new listing is there.
      const res = await strict.app.inject(`/api/addresses/by-address/${listing.address}`);
      expect(res.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(servedReads(strict).slice(before)).toEqual([]);
    });
    await replicaState(strict, 'ready');
  });
});
