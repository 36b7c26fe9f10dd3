import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { eq, sql } from 'drizzle-orm';
import { shopStatsSchema } from '@shared/api/shop';
import { ledgerEntries } from '@server/db/schema';
import { seedReferenceData } from '@server/db/seed-reference-data';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createListing } from '@tests/helpers/factories';
import { insertEscrow, insertReceipt, insertTransfer, NETWORK_FEE } from '@tests/helpers/settlement-rows';
import { signIn, signInAsAdmin, type SignedInWallet } from '@tests/helpers/wallet';
import { unreachableDevnetEnv } from '@tests/helpers/unreachable-cluster';

/*
 * README.md#metrics: GET /metrics in Prometheus format (prom-client), served only while METRICS_TOKEN is set and only
 * to `Authorization: Bearer <token>`; and the admin Shop page's JSON with the same numbers. prom-client has no
 * parser of its own, so the output is read back with parse-prometheus-text-format (a port of the official Python
 * client's parser): a scrape that Prometheus could not read fails here.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestApp;
let admin: SignedInWallet;
let member: SignedInWallet;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  await seedReferenceData(t.database.db);
  admin = await signInAsAdmin(t.app);
  member = await signIn(t.app);
  // One open purchase: the numbers below must see it.
  const listing = (await createListing(t, { seller: admin, price: '1.5' })).listing;
  await t.chain.validator!.airdrop(member.walletAddress, 10_000_000_000n);
  const initiated = await t.app.inject({
    method: 'POST',
    url: '/api/transactions/initiate',
    headers: { cookie: member.cookie },
    payload: { addressId: listing.id, buyerId: member.walletAddress, price: '1.5' },
  });
  if (initiated.statusCode !== 201) throw new Error(`initiate failed: ${initiated.statusCode} ${initiated.body}`);

  // Refunds are what settlement sent back and saw land (ledger rows of kind 'refund'): one today, one 40 days ago,
  // and one signed that has not landed, which counts nowhere yet.
  const db = t.database.db;
  for (const [paid, landed] of [
    [RECENT_REFUND + NETWORK_FEE, 'now'],
    [OLD_REFUND + NETWORK_FEE, '40 days ago'],
    [2_000_000n, 'never'],
  ] as const) {
    const e = await insertEscrow(db, { status: 'failed' });
    const receipt = await insertReceipt(db, e, paid, { purpose: 'refund' });
    const refund = await insertTransfer(db, e, {
      kind: 'refund',
      legs: [{ to: e.buyer, lamports: (paid - NETWORK_FEE).toString(), kind: 'refund' }],
      receipts: [receipt],
      status: landed === 'never' ? 'signed' : 'landed',
    });
    if (landed === '40 days ago') {
      await db
        .update(ledgerEntries)
        .set({ createdAt: sql`now() - interval '40 days'` })
        .where(eq(ledgerEntries.signature, refund.signature));
    }
  }
}, 120_000);
afterAll(() => t?.close());

const RECENT_REFUND = 1_995_000n;
const OLD_REFUND = 995_000n;

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

const family = (families: PrometheusFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name} in the scrape`);
  return found;
};
const value = (families: PrometheusFamily[], name: string, labels: Record<string, string> = {}) =>
  Number(
    family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value,
  );

describe('GET /metrics', () => {
  it.each([
    ['no Authorization', undefined],
    ['a wrong token', 'Bearer not-the-token-at-all-000000'],
    ['the token with one character more', `Bearer ${TOKEN}x`],
    ['the token as Basic auth', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`],
    ['the bare token', TOKEN],
  ])('answers 401 to %s', async (_name, authorization) => {
    const res = await scrape(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'INVALID_METRICS_TOKEN', message: expect.any(String) });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.body).not.toContain(TOKEN);
  });

  it('answers the bearer of the token with every metric the README names, in a format a Prometheus parser reads', async () => {
    await t.app.inject({ method: 'GET', url: '/api/market-stats' }); // one request the latency histogram must show
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(res.body);

    // Every family prom-client holds is in the text, with its type, as the parser reads it.
    const registered = await t.app.metrics!.registry.getMetricsAsJSON();
    expect(families.map((f) => [f.name, f.type.toLowerCase()]).sort()).toEqual(
      registered.map((m) => [m.name, String(m.type)]).sort(),
    );

    // The parser folds a histogram's label sets into one (it only knows unlabelled ones), so the per-route series
    // are read from the registry's JSON; the parser still checks that the family is a histogram.
    expect(family(families, 'vv_http_request_duration_seconds').type).toBe('HISTOGRAM');
    const latency = registered.find((m) => m.name === 'vv_http_request_duration_seconds')!;
    // Histogram values carry the series they belong to (metricName), which the type prom-client exports omits.
    const values = latency.values as ((typeof latency.values)[number] & { metricName?: string })[];
    const count = values.find(
      (v) => v.metricName === 'vv_http_request_duration_seconds_count' && v.labels.route === '/api/market-stats',
    );
    expect(count?.labels).toEqual({ method: 'GET', route: '/api/market-stats', status_code: '200' });
    expect(count?.value).toBeGreaterThanOrEqual(1);
    expect(res.body).toMatch(
      /^vv_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/market-stats",status_code="200"\} [1-9]/m,
    );

    expect(family(families, 'vv_purchases').type).toBe('GAUGE');
    expect(value(families, 'vv_purchases', { state: 'initiated' })).toBe(1);
    expect(value(families, 'vv_purchases', { state: 'completed' })).toBe(0);
    expect(value(families, 'vv_purchases', { state: 'failed' })).toBe(3);
    expect(value(families, 'vv_open_reservations')).toBe(1);
    // Every refund that landed, whenever: counters, which only grow.
    expect(family(families, 'vv_refunds_total').type).toBe('COUNTER');
    expect(value(families, 'vv_refunds_total')).toBe(2);
    expect(family(families, 'vv_refunded_lamports_total').type).toBe('COUNTER');
    expect(value(families, 'vv_refunded_lamports_total')).toBe(Number(RECENT_REFUND + OLD_REFUND));
    expect(value(families, 'vv_sales_today')).toBe(0);
    expect(value(families, 'vv_grind_queue_length')).toBe(0);
    expect(value(families, 'vv_grind_rate_keys_per_second')).toBe(0);
    expect(family(families, 'vv_rpc_errors_total').type).toBe('COUNTER');
    expect(value(families, 'vv_rpc_errors_total')).toBe(0);
    // Event-loop delay, from prom-client's default metrics (monitorEventLoopDelay).
    expect(value(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('labels requests no route matched as one series, not one per URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-1' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-2' });
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    const latency = (await t.app.metrics!.registry.getMetricsAsJSON()).find(
      (m) => m.name === 'vv_http_request_duration_seconds',
    )!;
    const routes = latency.values.map((v) => String(v.labels.route));
    expect(routes).toContain('unmatched');
    expect(body).not.toContain('no-such-route');
    expect(routes.some((r) => r?.includes('no-such-route'))).toBe(false);
  });
});

describe('GET /api/admin/shop-stats (the Shop page)', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/shop-stats' })).statusCode).toBe(401);
    const asMember = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shop-stats',
      headers: { cookie: member.cookie },
    });
    expect([asMember.statusCode, asMember.json().error]).toEqual([403, 'ADMIN_REQUIRED']);
  });

  it('answers the same numbers as /metrics, for today and the last 30 days', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/shop-stats', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const stats = shopStatsSchema.parse(res.json());
    const recent = { refunds: 1, refundedLamports: RECENT_REFUND.toString() };
    expect(stats).toMatchObject({
      today: { sales: 0, salesLamports: '0', ...recent },
      last30Days: { sales: 0, salesLamports: '0', ...recent },
      purchasesByState: { initiated: 1, pending: 0, verified: 0, completed: 0, failed: 3 },
      refunds: 2,
      refundedLamports: (RECENT_REFUND + OLD_REFUND).toString(),
      openReservations: 1,
      grindQueue: 0,
      grindRate: 0,
      rpcErrors: 0,
    });
  });
});

describe('without METRICS_TOKEN', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(() => bare?.close());

  it.each([undefined, `Bearer ${TOKEN}`])('GET /metrics is a 404 (Authorization: %s)', async (authorization) => {
    const res = await bare.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('ROUTE_NOT_FOUND');
  });
});

describe('RPC errors', () => {
  let dead: TestApp;
  beforeAll(async () => {
    dead = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        ...unreachableDevnetEnv(),
      },
    });
  });
  afterAll(() => dead?.close());

  it('counts each failed server-side RPC call', async () => {
    const before = value(
      parsePrometheusTextFormat(
        (await dead.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
      ),
      'vv_rpc_errors_total',
    );
    const health = await dead.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().chain.ok).toBe(false);
    const after = value(
      parsePrometheusTextFormat(
        (await dead.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
      ),
      'vv_rpc_errors_total',
    );
    expect(after).toBe(before + 1);
  });
});
