import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppInstance } from '@server/types';
import { createTestApp, type TestApp } from '@tests/helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    // A route of the test's own, to drive the body parser and validator the real routes share.
    setup: (app) => {
      (app as unknown as AppInstance).post(
        '/api/test-only/echo',
        {
          config: { access: 'public' },
          schema: { body: z.object({ price: z.number({ error: 'Price is required' }).positive() }) },
        },
        async (request) => request.body,
      );
      app.get('/api/test-only/large', { config: { access: 'public' } }, async () => ({
        items: Array.from({ length: 2000 }, (_, i) => `item-${i}`),
      }));
    },
  });
});
afterAll(() => t?.close());

const expectErrorShape = (body: unknown, code: string) => {
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  expect((body as { message: string }).message.length).toBeGreaterThan(0);
};

describe('foundation', () => {
  it('reports database reachability from /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ database: { ok: true, driver: t.database.driver } });
  });

  it('gives the browser only its allow-list from /api/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'cluster',
      'explorerClusterQuery',
      'features',
      'revealCommitment',
      'rpcUrls',
      'wsUrl',
    ]);
    expect(body).toMatchObject({ cluster: 'local', features: { devFaucet: true, localDevWallet: true } });
    expect(JSON.stringify(body)).not.toContain(t.env.vaultMasterKey);
  });

  it.each(['GET', 'POST', 'DELETE', 'PATCH'] as const)(
    'answers %s on an unknown /api path with a JSON 404',
    async (method) => {
      const res = await t.app.inject({ method, url: '/api/no/such/route?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expectErrorShape(res.json(), 'ROUTE_NOT_FOUND');
    },
  );

  it('answers malformed JSON with INVALID_JSON and does not run the handler', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"price": 1,,}',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'INVALID_JSON');
  });

  it('answers wrong types with VALIDATION_FAILED and our own message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-only/echo', payload: { price: 'abc' } });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'VALIDATION_FAILED');
    expect(res.json().message).toBe('Price is required');
  });

  it('refuses a body over the default limit with BODY_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ price: 1, pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 'BODY_TOO_LARGE');
  });

  it('refuses a body that is not JSON with UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'price=1',
    });
    expect(res.statusCode).toBe(415);
    expectErrorShape(res.json(), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses large responses when the client accepts it, and leaves small ones plain', async () => {
    const large = await t.app.inject({
      method: 'GET',
      url: '/api/test-only/large',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/config'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'rpcUrls',
    );
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
