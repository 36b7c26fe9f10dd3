import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/api/errors';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@server/db/availability';
import { openPostgresDatabase } from '@server/db/open-postgres';
import { runVerifierOnce } from '@server/jobs';
import { createTestDatabase, testDriver, type TestDatabase } from '@tests/helpers/db';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { createTcpProxy, type TcpProxy } from '@tests/helpers/tcp-proxy';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  balanceOf,
  confirm,
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  sleep,
  SOL,
  statusOf,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';
import { settle } from '@tests/helpers/purchase-escrow';

/**
 * The app loses PostgreSQL while it serves, and gets it back (docs/reliability.md#faults-while-serving). The machine's
 * PostgreSQL keeps running (other test runs use it): the app reaches its database through a TCP proxy this file cuts
 * and restores, or has its backends killed with pg_terminate_backend. PGlite runs inside the app's own process, so it
 * has no connection to lose: this file runs on PostgreSQL only.
 */

// Short timeouts keep the black-hole case quick; production uses CONNECT_TIMEOUT_MS and QUERY_TIMEOUT_MS.
const CONNECT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 4_000;
const APP_NAME = 'vv-faults-app';

let chain: TestChain;
let owner: TestDatabase;
let proxy: TcpProxy;
let appDb: TestDatabase;
let t: PurchaseTestApp;
/** A connection of the test's own, straight to PostgreSQL, for looking at and killing the app's backends. */
let direct: pg.Client;

beforeAll(async () => {
  if (testDriver() !== 'postgres') return;
  chain = await createTestChain();
  owner = await createTestDatabase();
  const target = new URL(owner.url!);
  proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(proxy.via(owner.url!));
  viaProxy.searchParams.set('application_name', APP_NAME);
  const opened = await openPostgresDatabase(viaProxy.toString(), {
    max: 5,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
  });
  appDb = { ...opened, url: owner.url! };
  t = await createPurchaseApp({ chain, database: appDb });
  direct = new pg.Client({ connectionString: owner.url });
  await direct.connect();
});
afterAll(async () => {
  await t?.close();
  await appDb?.close();
  await direct?.end();
  await proxy?.close();
  await owner?.close();
  await chain?.close();
});

/** Runs a request, failing the test if it takes longer than `ms` (an outage must not hang a request). */
async function within<T>(ms: number, run: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    const result = await Promise.race([run(), hang]);
    return { result, elapsedMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** docs/domain.md#errors: a 503 with a stable code and a plain message, and nothing about hosts, drivers or SQL. */
function expectDatabaseUnavailable(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ error: ErrorCode.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body).not.toMatch(/ECONN|EPIPE|127\.0\.0\.1|localhost|:\d{4,5}\b|postgres|pg_|select |insert |update /i);
}

const featured = () => t.app.inject({ url: '/api/addresses/featured' });
const session = (who: SignedInWallet) => t.app.inject({ url: '/api/auth/session', headers: { cookie: who.cookie } });
const health = () => t.app.inject({ url: '/api/health' });

async function waitUntilHealthy(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await health()).statusCode !== 200) {
    if (Date.now() > deadline) throw new Error('the app did not see its database come back');
    await sleep(100);
  }
}

/** The app's own backends (by application_name), as PostgreSQL sees them. */
async function appBackends(): Promise<{ pid: number; wait_event_type: string | null; state: string | null }[]> {
  const { rows } = await direct.query(
    'SELECT pid, wait_event_type, state FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [APP_NAME],
  );
  return rows;
}

async function killAppBackends(): Promise<number> {
  // The timeout argument makes PostgreSQL wait until each backend has really gone.
  const { rows } = await direct.query(
    `SELECT pg_terminate_backend(pid, 5000) AS killed FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = $1`,
    [APP_NAME],
  );
  return rows.filter((r: { killed: boolean }) => r.killed).length;
}

describe.runIf(testDriver() === 'postgres')('PostgreSQL lost and back', () => {
  it('refused: requests answer 503 at once, health says the database is down, and a purchase started before completes after', async () => {
    const admin = await createAdmin(t);
    const { listing, keypair } = await createListing(t, { seller: admin, price: '0.3' });
    const { listing: other } = await createListing(t, { seller: admin, price: '0.2' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, listing);
    const sellerBefore = await balanceOf(chain, admin.walletAddress);

    await proxy.cut('refuse');
    // The chain does not depend on the database: the buyer pays while the shop's database is away.
    const txHash = await pay(chain, buyer, started.payment);

    const during = [
      await within(5_000, featured),
      await within(5_000, () => session(buyer)),
      await within(5_000, () => initiate(t, buyer, other)),
      await within(5_000, () => confirm(t, buyer, started.transactionId, txHash)),
      await within(5_000, () => reveal(t, buyer, started.transactionId)),
    ];
    for (const { result } of during) expectDatabaseUnavailable(result);

    const down = await within(5_000, health);
    expect(down.result.statusCode).toBe(503);
    expect(down.result.json()).toMatchObject({ status: 'down', database: { ok: false, driver: 'postgres' } });

    // The background verifier's pass fails as a whole and is retried by the job runner; it does not hang.
    const sweep = await within(5_000, () => runVerifierOnce(t.deps())).catch((err: unknown) => err);
    expect(sweep).toBeInstanceOf(Error);
    expect((sweep as Error).message).not.toMatch(/no answer within/);

    await proxy.restore();
    await waitUntilHealthy();
    expect((await session(buyer)).json()).toEqual({ walletAddress: buyer.walletAddress, isAdmin: false });
    // Nothing the outage refused left a trace: the other listing is still for sale, with no purchase row.
    expect(await listingStatus(t, other.id)).toEqual({ status: 'available', is_listed: true });
    expect(await countRows(t, 'transactions', `address_id = '${other.id}'`)).toBe(0);
    // The purchase started before the outage completes after it, with the payment made during it.
    const confirmed = await confirm(t, buyer, started.transactionId, txHash);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toMatch(/verified|completed/);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect(await countRows(t, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(1);
    // The payout out of the escrow lands once, after the outage.
    await settle(t);
    expect((await balanceOf(chain, admin.walletAddress)) - sellerBefore).toBe((3n * SOL) / 10n);
    expect(await balanceOf(chain, started.payment.recipient)).toBe(0n);
    const revealed = await reveal(t, buyer, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().privateKey === keypair.forms.base58Secret).toBe(true);
    const next = await createUser(t);
    await fund(chain, next.walletAddress); // initiate checks the balance (docs/domain.md#reservation-limits)
    expect((await initiate(t, next, other)).statusCode).toBe(201);
  });

  it('refused: a payment made during the outage without a confirm is found by the background verifier afterwards', async () => {
    const { listing } = await createListing(t, { price: '0.25' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, listing);

    await proxy.cut('refuse');
    await pay(chain, buyer, started.payment); // the buyer closes the tab: no confirm ever arrives
    await expect(runVerifierOnce(t.deps())).rejects.toThrow();
    await proxy.restore();
    await waitUntilHealthy();

    const report = await runVerifierOnce(t.deps()); // the failed pass could not even claim the row
    expect(report.errors).toEqual([]);
    expect((await statusOf(t, started.transactionId))?.status).toMatch(/verified|completed/);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'sold', is_listed: false });
  });

  it('black-holed: requests end with 503 within the connect and query timeouts instead of hanging', async () => {
    const buyer = await createUser(t);
    // Busy enough that the pool holds open connections, which the black hole then swallows mid-query.
    await Promise.all([featured(), session(buyer), featured(), session(buyer)]);

    await proxy.cut('blackhole');
    // Worst case: a query on a swallowed connection (query timeout) then the error handler's probe (2 s).
    const limit = QUERY_TIMEOUT_MS + 2_000 + 2_000;
    const during = await Promise.all([
      within(limit, featured),
      within(limit, () => session(buyer)),
      within(limit, featured),
      within(limit, health),
    ]);
    for (const { result } of during.slice(0, 3)) expectDatabaseUnavailable(result);
    expect(during[3]!.result.statusCode).toBe(503);
    expect(during[3]!.result.json()).toMatchObject({ status: 'down', database: { ok: false } });

    await proxy.restore();
    await waitUntilHealthy();
    for (let i = 0; i < 5; i++) expect((await session(buyer)).statusCode).toBe(200);
  });

  it('killed by the server (pg_terminate_backend): idle connections are replaced unseen, a request in flight gets a 503, none leaves a trace', async () => {
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress); // initiate checks the balance (docs/domain.md#reservation-limits)
    await Promise.all([featured(), session(buyer), featured()]);
    expect((await appBackends()).length).toBeGreaterThan(0);

    // Idle connections killed: the pool notices and opens new ones; callers see nothing.
    expect(await killAppBackends()).toBeGreaterThan(0);
    await sleep(50);
    for (let i = 0; i < 5; i++) expect((await session(buyer)).statusCode).toBe(200);

    // A request in flight: initiate waits on the listing's row lock, held here, while its backend is killed.
    const { listing } = await createListing(t, { price: '0.4' });
    await direct.query('BEGIN');
    await direct.query('SELECT id FROM addresses WHERE id = $1 FOR UPDATE', [listing.id]);
    const pending = initiate(t, buyer, listing);
    const deadline = Date.now() + 5_000;
    while (!(await appBackends()).some((b) => b.wait_event_type === 'Lock')) {
      if (Date.now() > deadline) throw new Error('initiate never waited on the row lock');
      await sleep(20);
    }
    await killAppBackends();
    const res = await within(5_000, () => pending);
    await direct.query('ROLLBACK');
    expectDatabaseUnavailable(res.result);

    // The interrupted reservation rolled back; the next request reconnects and reserves, without a restart.
    expect(await countRows(t, 'transactions', `address_id = '${listing.id}'`)).toBe(0);
    expect((await listingStatus(t, listing.id))?.status).toBe('available');
    expect((await initiate(t, buyer, listing)).statusCode).toBe(201);
  });
});
