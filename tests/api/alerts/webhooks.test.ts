import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook } from '@shared/api/alerts';
import { MAX_DELIVERY_ATTEMPTS, notify, type LookupAll } from '@server/modules/alerts';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createUser } from '@tests/helpers/factories';
import { closeServer, listenOnLoopback } from '@tests/helpers/loopback-server';
import type { SignedInWallet } from '@tests/helpers/wallet';

/*
 * Webhooks (docs/domain.md#alerts, docs/decisions/0021-webhook-delivery.md). The URL guard refuses anything but public
 * addresses, by literal and by what a name resolves to, at registration and again at delivery (DNS rebinding). Names
 * resolve through an injected table, so the tests stay offline.
 */

const ORIGIN = 'http://localhost:5000';
const dns = new Map<string, string[]>();
const lookup: LookupAll = async (hostname) => {
  const found = dns.get(hostname);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const call = (t: TestApp, method: 'GET' | 'PUT' | 'DELETE', who?: SignedInWallet, payload?: object) =>
  t.app.inject({
    method,
    url: '/api/webhook',
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
const webhookOf = async (t: TestApp, who: SignedInWallet): Promise<Webhook> => (await call(t, 'GET', who)).json();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('the production guard', () => {
  let t: TestApp;
  let user: SignedInWallet;

  beforeAll(async () => {
    // Only the resolver is injected: the allow rule is production's.
    t = await createTestApp({ appOptions: { alerts: { webhookGuard: { lookup } } } });
    user = await createUser(t);
    dns.set('hooks.example.com', ['93.184.216.34', '2606:2800:220:1::1']);
    dns.set('internal.example.com', ['10.1.2.3']);
    dns.set('half.example.com', ['93.184.216.34', '192.168.0.7']);
    dns.set('mapped.example.com', ['::ffff:127.0.0.1']);
  });
  afterAll(() => t?.close());

  it('needs a session', async () => {
    expect((await call(t, 'GET')).statusCode).toBe(401);
    expect((await call(t, 'PUT', undefined, { url: 'https://hooks.example.com/' })).statusCode).toBe(401);
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://localhost/hook',
    'http://LOCALHOST./hook',
    'http://api.localhost/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a00:1]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::1]/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://224.0.0.1/',
    'http://internal.example.com/hook',
    'http://half.example.com/hook',
    'http://mapped.example.com/hook',
    'http://nowhere.example.com/hook',
    'ftp://hooks.example.com/hook',
    'file:///etc/passwd',
    'not a url',
    '',
  ])('refuses %j with a 400 naming url', async (url) => {
    // A wallet of its own each: PUT is rate-limited per wallet.
    const who = await createUser(t);
    const res = await call(t, 'PUT', who, { url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^url/);
    expect((await webhookOf(t, who)).url).toBeNull();
  });

  it('says what the acceptance test asks', async () => {
    const who = await createUser(t);
    for (const url of ['http://127.0.0.1/hook', 'http://10.0.0.1/hook']) {
      expect((await call(t, 'PUT', who, { url })).json()).toEqual({
        error: 'INVALID_WEBHOOK_URL',
        message: 'url must be a public http(s) address',
      });
    }
  });

  it('accepts a public name, shows its secret once, and re-checks the name at delivery (DNS rebinding)', async () => {
    const res = await call(t, 'PUT', user, { url: 'https://hooks.example.com/vv' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, secret } = res.json();
    expect(url).toBe('https://hooks.example.com/vv');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const shown = await webhookOf(t, user);
    expect(shown).toEqual({ url, deliveries: [] });

    // The name now answers with a private address: the delivery is not sent, and is tried again later.
    dns.set('hooks.example.com', ['10.0.0.5']);
    await notify(t.database.db, [{ wallet: user.walletAddress, kind: 'listing-sold', message: 'sold' }]);
    expect(await t.app.alerts.deliverDue()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [delivery] = (await webhookOf(t, user)).deliveries;
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'url must be a public http(s) address',
    });
    expect(JSON.stringify(await webhookOf(t, user))).not.toContain(secret);

    // Removing the webhook fails what was pending.
    expect((await call(t, 'DELETE', user)).statusCode).toBe(204);
    expect(await webhookOf(t, user)).toMatchObject({
      url: null,
      deliveries: [{ status: 'failed', lastError: 'webhook removed' }],
    });
    expect((await call(t, 'DELETE', user)).statusCode).toBe(204);
  });
});

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('delivery to a receiver on loopback', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  const received: Received[] = [];
  /** What the receiver answers next, first in first out; 200 once empty. */
  const answers: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body });
        const status = answers.shift() ?? 200;
        if (status === 302) res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
        else res.writeHead(status).end('ok');
      });
    });
    await listenOnLoopback(server, 0);
    port = (server.address() as AddressInfo).port;
    // The receiver's name resolves only through the injected table: a delivery that reaches it connected to the
    // address the guard checked, not to a second lookup. Loopback is let through here, and only here.
    dns.set('receiver.test', ['127.0.0.1']);
    t = await createTestApp({
      appOptions: { alerts: { webhookGuard: { lookup, allows: (ip) => ip === '127.0.0.1' } } },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (server) await closeServer(server);
  });

  const register = async (who: SignedInWallet): Promise<string> => {
    const res = await call(t, 'PUT', who, { url: `http://receiver.test:${port}/hook` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().secret;
  };

  it('signs the body, retries after a 500, and logs each attempt', async () => {
    const [user, quiet] = await Promise.all([createUser(t), createUser(t)]);
    const secret = await register(user);
    received.length = 0;
    answers.push(500);
    await notify(t.database.db, [
      { wallet: user.walletAddress, kind: 'bid-filled', message: 'Your bid filled', data: { bidId: 'b-1' } },
      // No webhook: the bell only.
      { wallet: quiet.walletAddress, kind: 'bid-filled', message: 'Yours too' },
    ]);

    expect(await t.app.alerts.deliverDue()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [delivery] = (await webhookOf(t, user)).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, deliveredAt: null });
    expect(Date.parse(delivery!.nextAttemptAt!)).toBeGreaterThan(Date.now() + 20_000);
    // Not due again yet.
    expect(await t.app.alerts.deliverDue()).toEqual({ delivered: 0, retried: 0, failed: 0 });

    expect(await t.app.alerts.deliverDue(minutesFromNow(1))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    [delivery] = (await webhookOf(t, user)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(delivery!.deliveredAt).not.toBeNull();
    expect((await webhookOf(t, quiet)).deliveries).toEqual([]);

    expect(received).toHaveLength(2);
    const [, last] = received as [Received, Received];
    expect(last.path).toBe('/hook');
    expect(last.headers['content-type']).toBe('application/json');
    const expected = createHmac('sha256', secret).update(last.body).digest('hex');
    expect(last.headers['x-vanityvault-signature']).toBe(`sha256=${expected}`);
    expect(Math.abs(Number(last.headers['x-vanityvault-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const payload = JSON.parse(last.body);
    expect(payload).toEqual({
      id: delivery!.notificationId,
      kind: 'bid-filled',
      message: 'Your bid filled',
      data: { bidId: 'b-1' },
      createdAt: expect.any(String),
    });
    // The same bytes both times: a receiver may deduplicate by id.
    expect(received[0]!.body).toBe(last.body);
    for (const r of received) expect(JSON.stringify(r.body)).not.toContain(secret);
  });

  it('does not follow a redirect, and fails for good after the last attempt', async () => {
    const user = await createUser(t);
    await register(user);
    received.length = 0;
    answers.push(302, ...Array.from({ length: MAX_DELIVERY_ATTEMPTS }, () => 503));
    await notify(t.database.db, [{ wallet: user.walletAddress, kind: 'listing-sold', message: 'sold' }]);

    await t.app.alerts.deliverDue();
    expect((await webhookOf(t, user)).deliveries[0]).toMatchObject({ status: 'pending', lastStatusCode: 302 });
    expect(received.map((r) => r.path)).toEqual(['/hook']);

    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      await t.app.alerts.deliverDue(minutesFromNow(24 * 60 * attempt));
    }
    expect((await webhookOf(t, user)).deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastStatusCode: 503,
      lastError: 'answered HTTP 503',
      nextAttemptAt: null,
    });
    expect(received).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect(await t.app.alerts.deliverDue(minutesFromNow(24 * 60 * 30))).toEqual({
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    answers.length = 0;
  });

  it('sends pending deliveries to a replaced url, signed with the new secret, and shows the last 20', async () => {
    const user = await createUser(t);
    await call(t, 'PUT', user, { url: 'http://receiver.test:1/old' });
    await notify(t.database.db, [{ wallet: user.walletAddress, kind: 'listing-sold', message: 'sold' }]);
    const secret = await register(user);
    received.length = 0;
    expect((await t.app.alerts.deliverDue()).delivered).toBe(1);
    expect(received[0]!.headers['x-vanityvault-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(received[0]!.body).digest('hex')}`,
    );

    await notify(
      t.database.db,
      Array.from({ length: 25 }, (_, i) => ({
        wallet: user.walletAddress,
        kind: 'listing-sold' as const,
        message: `${i}`,
      })),
    );
    const log = (await webhookOf(t, user)).deliveries;
    expect(log).toHaveLength(20);
    expect(log.map((d) => Number(d.id))).toEqual([...log.map((d) => Number(d.id))].sort((a, b) => b - a));
  });
});
