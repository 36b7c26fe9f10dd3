import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin } from '@tests/helpers/factories';
import { createForwardingProxy, type ForwardingProxy } from '@tests/helpers/forwarding-proxy';

/**
 * Behind one real proxy hop (docs/reliability.md#threat-model), a client that forges X-Forwarded-For must not pick its
 * own IP. The client connects from 127.0.0.2 (its own loopback address), the proxy reaches the app from 127.0.0.1.
 */
const CLIENT = '127.0.0.2';

/** GET through the proxy from the client's own address, with a forged X-Forwarded-For (and a cookie, if given). */
function get(
  proxy: ForwardingProxy,
  path: string,
  forged: string,
  cookie?: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(path, proxy.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: CLIENT,
        headers: { 'x-forwarded-for': forged, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function behindProxy(trustProxy: string) {
  const t = await createTestApp({
    env: { TRUST_PROXY: trustProxy },
    setup: (app) => {
      app.get('/api/test-only/ip', { config: { access: 'public' } }, async (req) => ({ ip: req.ip }));
    },
  });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await createForwardingProxy(origin);
  return { t, proxy };
}

describe.each([
  ['true (read as 1 hop)', 'true'],
  ['a hop count', '1'],
  ["the proxy's address", '127.0.0.1'],
  ["the proxy's CIDR", '127.0.0.1/32'],
])('TRUST_PROXY = %s', (_name, value) => {
  let t: TestApp;
  let proxy: ForwardingProxy;
  beforeAll(async () => {
    ({ t, proxy } = await behindProxy(value));
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('the client is the address the proxy saw, whatever X-Forwarded-For it forged', async () => {
    for (const forged of ['203.0.113.9', '203.0.113.9, 198.51.100.1', '10.0.0.1']) {
      const res = await get(proxy, '/api/test-only/ip', forged);
      expect(JSON.parse(res.body)).toEqual({ ip: CLIENT });
    }
  });

  it('so forging a new address per request does not escape the rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      statuses.push((await get(proxy, '/api/solana/gas-fees', `198.18.${i >> 8}.${i & 255}`)).status);
    }
    // 120 a minute per client (RATE_LIMITS.publicQuote): every forged address counted as the one real client.
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

/*
 * The "malicious proxy" row of docs/reliability.md's threat model: a proxy we trust can name any client address,
 * but an address grants nothing. Here the forged X-Forwarded-For is exactly the address the admin signed in from.
 */
describe('a trusted proxy naming the address an admin signed in from', () => {
  let t: TestApp;
  let proxy: ForwardingProxy;
  beforeAll(async () => {
    ({ t, proxy } = await behindProxy('2')); // both hops trusted: the forged address becomes req.ip
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('gets no session and no admin rights; only the cookie does, from any address', async () => {
    const admin = await createAdmin(t); // signed in from 127.0.0.1 (inject's default address)
    const adminIp = '127.0.0.1';
    expect(JSON.parse((await get(proxy, '/api/test-only/ip', adminIp)).body)).toEqual({ ip: adminIp });

    expect((await get(proxy, '/api/auth/session-status', adminIp)).body).toBe('null');
    expect(JSON.parse((await get(proxy, '/api/users/is-admin', adminIp)).body)).toEqual({ isAdmin: false });
    expect((await get(proxy, '/api/known-addresses', adminIp)).status).toBe(401);

    // The admin's own cookie works from an address it never used: identity is the cookie, never the address.
    const elsewhere = '203.0.113.50';
    expect(JSON.parse((await get(proxy, '/api/users/is-admin', elsewhere, admin.cookie)).body)).toEqual({
      isAdmin: true,
    });
    expect((await get(proxy, '/api/known-addresses', elsewhere, admin.cookie)).status).toBe(200);
  });
});
