import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { z } from 'zod';
import { guards } from '@server/http/guards';
import type { AppInstance } from '@server/types';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { newWallet, signIn, signInAsAdmin, type SignedInWallet, type TestWallet } from '@tests/helpers/wallet';

/**
 * Public /api routes, by method and path (params written `:param`). Anything else must require a session.
 * A new public route is added here on purpose, after checking it reads nothing private
 * (docs/domain.md#sign-in-sessions-and-roles).
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'GET /api/docs/yaml',
  'GET /api/auth/session',
  'GET /api/auth/session-status',
  'POST /api/auth/challenge',
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'GET /api/users/is-admin',
  'GET /api/market-stats',
  'GET /api/market/pattern-class',
  'GET /api/addresses/featured',
  'GET /api/addresses/search',
  'GET /api/addresses/by-address/:param',
  'GET /api/addresses/lookup/:param',
  'GET /api/addresses/provenance/:param',
  'GET /api/addresses/:param/price-history',
  'GET /api/addresses/:param/activity',
  'POST /api/addresses/validate',
  'GET /api/transactions/recent',
  'GET /api/transactions/:param',
  'GET /api/transactions/lookup/:param',
  'GET /api/solana/gas-fees',
  'GET /api/prices/live',
  'POST /api/dev/airdrop',
  // Solana Pay and Actions (docs/domain.md#solana-pay-and-actions): wallets and blink clients have no session; nothing
  // here reads one.
  'OPTIONS /api/pay/:param',
  'GET /api/pay/:param',
  'POST /api/pay/:param',
  // Bids (docs/domain.md#bids-and-offers): the quote and a listing's best offer name nobody; a bid's deposit is funded
  // from a phone as a purchase is, built only for the bidder's own wallet.
  'GET /api/bids/quote',
  'GET /api/addresses/:param/offers/best',
  'OPTIONS /api/pay/bids/:param',
  'GET /api/pay/bids/:param',
  'GET /api/pay/bids/:param/icon.svg',
  'POST /api/pay/bids/:param',
  'OPTIONS /api/actions/listings/:param',
  'GET /api/actions/listings/:param',
  'POST /api/actions/listings/:param',
  'GET /api/actions/listings/:param/icon.svg',
  'POST /api/test-only/limited',
  // Custom orders: a quote is arithmetic on the public pattern; the order itself needs a session.
  'POST /api/orders/quote',
  // Trust a buyer can check (docs/domain.md#trust-model): public chain reads, the shop's public key, and a proof any
  // visitor may ask of an available listing (rate limited; the signed message holds only the visitor's own challenge).
  'GET /api/addresses/:param/safety',
  'GET /api/attestation-key',
  'POST /api/addresses/:param/custody-proof',
]);
const ADMIN_MESSAGE = 'Create listing is restricted to authorized admin wallets only';
const placeholder = (url: string) => url.replace(/:[^/]+/g, ':param');
const concrete = (url: string) => url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');

let t: TestApp;
let admin: SignedInWallet;
let member: SignedInWallet;
let stranger: TestWallet;

beforeAll(async () => {
  t = await createTestApp({
    setup: (raw) => {
      const app = raw as unknown as AppInstance;
      app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      app.get('/api/test-only/private', { config: { access: 'session' } }, async (request) => request.session);
      app.post(
        '/api/test-only/admin',
        { config: { access: 'admin', adminMessage: ADMIN_MESSAGE }, schema: { body: z.object({ price: z.number() }) } },
        async () => ({ ok: true }),
      );
      app.patch(
        '/api/test-only/things/:id',
        {
          config: { access: 'session' },
          schema: { params: z.object({ id: z.uuid() }), body: z.object({ name: z.string() }) },
        },
        async () => ({ ok: true }),
      );
      app.post(
        '/api/test-only/limited',
        { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000, keyBy: 'ip' } } },
        async () => ({ ok: true }),
      );
      app.post(
        '/api/test-only/limited-wallet',
        { config: { access: 'session', rateLimit: { max: 1, timeWindow: 60_000, keyBy: 'wallet' } } },
        async () => ({ ok: true }),
      );
      app.post(
        '/api/test-only/csv',
        { config: { access: 'session', contentTypes: ['text/csv'] } },
        async (request) => ({
          length: String(request.body).length,
        }),
      );
    },
  });
  admin = await signInAsAdmin(t.app);
  member = await signIn(t.app);
  stranger = await newWallet();
});
afterAll(() => t?.close());

const routes = () => t.app.apiRoutes.filter((r) => r.method !== 'HEAD');

describe('the route table', () => {
  it('has every /api route with a declared access level', () => {
    expect(routes().length).toBeGreaterThan(8);
    for (const route of routes()) expect(['public', 'session', 'admin']).toContain(route.access);
  });

  it('lets only allow-listed routes be public', () => {
    const unexpected = routes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${placeholder(r.url)}`)
      .filter((name) => !PUBLIC_ROUTES.has(name));
    expect(unexpected, 'public routes missing from PUBLIC_ROUTES (is each really public?)').toEqual([]);
  });

  it('answers 401 SESSION_REQUIRED on every private route without a session, before anything else', async () => {
    const privateRoutes = routes().filter((r) => r.access !== 'public');
    expect(privateRoutes.length).toBeGreaterThan(3);
    for (const route of privateRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect([route.method, route.url, res.statusCode, res.json().error]).toEqual([
        route.method,
        route.url,
        401,
        'SESSION_REQUIRED',
      ]);
    }
  });

  it('refuses another wallet in the header, the query or the body on every route, given a session (403)', async () => {
    const checked = routes().filter((r) => r.walletMatch);
    expect(checked.length).toBeGreaterThan(3);
    const other = stranger.walletAddress;
    for (const route of checked) {
      const url = concrete(route.url);
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      const attempts: { headers?: Record<string, string>; query?: Record<string, string>; payload?: object }[] = [
        { headers: { 'x-wallet-address': other } },
        { query: { walletAddress: other } },
        ...(hasBody
          ? ['walletAddress', 'buyerId', 'buyerWallet', 'wallet'].map((field) => ({ payload: { [field]: other } }))
          : []),
      ];
      for (const attempt of attempts) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          ...attempt,
          headers: { cookie: admin.cookie, ...attempt.headers },
          ...(hasBody && !('payload' in attempt) ? { payload: {} } : {}),
        });
        expect([route.method, route.url, JSON.stringify(attempt), res.statusCode, res.json().error]).toEqual([
          route.method,
          route.url,
          JSON.stringify(attempt),
          403,
          'WALLET_MISMATCH',
        ]);
      }
    }
  });

  it('lets the session wallet itself through the wallet check', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-only/private',
      query: { walletAddress: member.walletAddress },
      headers: { cookie: member.cookie, 'x-wallet-address': member.walletAddress },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ walletAddress: member.walletAddress, isAdmin: false });
  });

  it('refuses at start-up an /api route that does not declare its access', async () => {
    const bare = Fastify();
    await bare.register(cookie);
    await bare.register(guards, { resolveSession: async () => null });
    expect(() => bare.get('/api/test-only/forgotten', async () => ({}))).toThrow(
      /GET \/api\/test-only\/forgotten: every \/api route must declare config.access/,
    );
    expect(() =>
      bare.get('/api/test-only/sloppy', { config: { access: 'session', walletMatch: false } }, async () => ({})),
    ).toThrow(/walletMatch: false is only allowed on public routes/);
    expect(() =>
      bare.post('/api/test-only/cross-site', { config: { access: 'session', anyOrigin: true } }, async () => ({})),
    ).toThrow(/anyOrigin is only allowed on public routes/);
    for (const [method, access] of [
      ['GET', 'session'],
      ['POST', 'public'],
    ] as const) {
      expect(() =>
        bare.route({
          method,
          url: `/api/test-only/kept-${method}`,
          config: { access, callerIndependent: true },
          handler: async () => ({}),
        }),
      ).toThrow(/callerIndependent is only allowed on public GET routes/);
    }
    expect(() => bare.get('/api/test-only/fine', { config: { access: 'public' } }, async () => ({}))).not.toThrow();
    expect(() => bare.get('/not-api', async () => ({}))).not.toThrow();
    await bare.close();
  });
});

describe('admin routes', () => {
  it('answers 403 ADMIN_REQUIRED with the route’s own message to a signed-in non-admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/admin',
      headers: { cookie: member.cookie },
      payload: { price: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ADMIN_REQUIRED', message: ADMIN_MESSAGE });
  });

  it('lets an admin through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/admin',
      headers: { cookie: admin.cookie },
      payload: { price: 1 },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/users/is-admin', () => {
  const isAdmin = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users/is-admin', headers });

  it('is false without a session, whatever the header says', async () => {
    const res = await isAdmin({ 'x-wallet-address': admin.walletAddress });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAdmin: false });
  });

  it("is the session wallet's own flag", async () => {
    expect((await isAdmin({ cookie: admin.cookie, 'x-wallet-address': admin.walletAddress })).json()).toEqual({
      isAdmin: true,
    });
    expect((await isAdmin({ cookie: member.cookie })).json()).toEqual({ isAdmin: false });
  });

  it('does not answer for another wallet named in the header', async () => {
    const res = await isAdmin({ cookie: member.cookie, 'x-wallet-address': admin.walletAddress });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('WALLET_MISMATCH');
  });

  it('follows a revoke at once', async () => {
    const s = await signInAsAdmin(t.app);
    await t.database.query('UPDATE users SET is_admin = false WHERE wallet_address = $1', [s.walletAddress]);
    expect((await isAdmin({ cookie: s.cookie })).json()).toEqual({ isAdmin: false });
  });
});

describe('origin and body type on state-changing calls', () => {
  const post = (headers: Record<string, string>, payload: unknown = { price: 1 }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test-only/admin',
      headers: { cookie: admin.cookie, ...headers },
      payload: payload as object,
    });

  it('accepts our own Origin, our own Referer, and a request with neither', async () => {
    expect((await post({ origin: t.env.publicOrigin })).statusCode).toBe(200);
    expect((await post({ referer: `${t.env.publicOrigin}/admin/listings?x=1` })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
  });

  it.each<Record<string, string>>([
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://localhost:5001' },
    { referer: 'https://evil.example/page' },
    { referer: 'not a url' },
  ])('refuses %o with 403 ORIGIN_MISMATCH', async (headers) => {
    const res = await post(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ORIGIN_MISMATCH');
  });

  it('checks Origin on public calls too (sign-in)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      headers: { origin: 'https://evil.example' },
      payload: { address: member.walletAddress },
    });
    expect(res.statusCode).toBe(403);
  });

  it('takes only JSON bodies, unless the route opts in to another type', async () => {
    const plain = await post({ 'content-type': 'text/plain' }, '{"price":1}');
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const csvElsewhere = await post({ 'content-type': 'text/csv' }, 'a,b');
    expect(csvElsewhere.statusCode).toBe(415);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/csv',
      headers: { cookie: admin.cookie, 'content-type': 'text/csv; charset=utf-8' },
      payload: 'address,price\nabc,1',
    });
    expect(csv.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the limit, per IP', async () => {
    const hit = (ip: string) => t.app.inject({ method: 'POST', url: '/api/test-only/limited', remoteAddress: ip });
    expect((await hit('203.0.113.7')).statusCode).toBe(200);
    expect((await hit('203.0.113.7')).statusCode).toBe(200);
    const limited = await hit('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/Try again in \d+ seconds?/),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await hit('203.0.113.8')).statusCode).toBe(200); // another client has its own counter
  });

  it('does not let a forged X-Forwarded-For escape the limit when no proxy is trusted (TRUST_PROXY unset)', async () => {
    const hit = (forged: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-only/limited',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': forged },
      });
    expect((await hit('198.51.100.1')).statusCode).toBe(200);
    expect((await hit('198.51.100.2')).statusCode).toBe(200);
    expect((await hit('198.51.100.3')).statusCode).toBe(429);
  });

  it('counts per wallet when keyed by wallet', async () => {
    const hit = (s: SignedInWallet, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test-only/limited-wallet',
        remoteAddress: ip,
        headers: { cookie: s.cookie },
      });
    expect((await hit(member, '198.51.100.1')).statusCode).toBe(200);
    expect((await hit(member, '198.51.100.2')).statusCode).toBe(429); // a new IP does not help
    expect((await hit(admin, '198.51.100.1')).statusCode).toBe(200);
  });

  it('limits sign-in challenges per wallet', async () => {
    const wallet = await newWallet();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        payload: { address: wallet.walletAddress },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
