import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketJobs } from '@server/modules/market';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createChangeTracker, type ChangeTracker } from '@tests/helpers/db-fingerprint';
import { createAdmin, createListing } from '@tests/helpers/factories';

/*
 * `GET /og/address/abc%00.png` answered 500 (docs/reliability.md#threat-model), because the NUL guard covered /api
 * only. The NUL and path guards now run on every route family: the link-preview picture, the sitemap pages, static
 * files, the page fallback and /api. And a path no page answers is a 404 with the friendly page, not a 200.
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Vanity Vault</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let dir: string;
let tracker: ChangeTracker;
let listed: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vv-url-guard-'));
  await writeFile(path.join(dir, 'index.html'), TEMPLATE);
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ appOptions: { webDir: dir } });
  listed = (await createListing(t, { seller: await createAdmin(t) })).listing.address;
  // `listen` starts the periodic jobs. Their market work is run once here, so that the runs `listen` schedules find it
  // already done (trends skip a run within 50 minutes of the last) and write nothing while a guard test watches.
  for (const job of marketJobs(() => t.database.db)) await job.run();
  tracker = await createChangeTracker(t.database);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/**
 * Over a real socket, with the path sent byte for byte: `inject` parses URLs with WHATWG rules, which fold `..` and
 * `%2e%2e` away before the server sees them, as browsers do but curl --path-as-is and attackers do not.
 */
async function rawGet(pathAsIs: string): Promise<{ status: number; body: string }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAsIs, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('every route family answers a sane request as before', () => {
  it.each([
    ['/og/address/{listed}.png', 200],
    ['/sitemap.xml', 200],
    ['/assets/app.js', 200],
    ['/marketplace', 200],
    ['/api/addresses/search?query=abc', 200],
  ])('%s', async (url, status) => {
    expect((await get(url.replace('{listed}', listed))).statusCode).toBe(status);
  });
});

describe('a NUL in the path or query is a 400 on every route family, and changes nothing', () => {
  it.each([
    '/og/address/abc%00.png',
    '/og/address/%00',
    `/og/address/x.png?v=%00`,
    '/sitemap-1%00.xml',
    '/sitemap-%00.xml',
    '/sitemap.xml?%00',
    '/assets/app.js%00',
    '/assets/%00app.js',
    '/robots.txt?x=%00',
    '/marketplace%00',
    '/address/abc%00',
    '/%00',
    '/api/addresses/by-address/%00',
    '/api/unknown%00',
    '/metrics%00',
  ])('%s', async (url) => {
    await tracker.changed();
    const res = await get(url);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: 'VALIDATION_FAILED', message: expect.stringMatching(/holds a NUL character/) },
    ]);
    expect(await tracker.changed()).toEqual([]);
  });
});

describe('a dot segment, an encoded slash or a backslash in the path is a 400 on every route family', () => {
  it.each([
    '/assets/../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/./app.js',
    '/og/address/..%2f..%2fsitemap.xml',
    '/og/address/%2e%2e',
    '/og/address/../../robots.txt',
    '/sitemap-1.xml/..',
    '/address/a%2fb',
    '/api/addresses/by-address/..%2f..',
    '/api/../robots.txt',
  ])('%s', async (url) => {
    const res = await rawGet(url);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringMatching(/segment/) });
  });
});

describe('unknown routes', () => {
  it.each(['/no-such-page', '/marketplace/extra', '/address', '/address/a/b', '/transaction', '/shopx'])(
    'a page no route answers, %s, is a 404 with the app page (which shows the friendly not-found page)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each([
    '/',
    '/marketplace',
    '/order',
    '/bids',
    '/profile',
    '/shop',
    '/address/anything',
    '/transaction/abc',
    '/verify-receipt',
  ])('a page the app has, %s, is a 200', async (url) => {
    expect((await get(url)).statusCode).toBe(200);
  });

  it.each(['/api/nope', '/api/addresses/by-address/x/y'])(
    'an unknown /api route, %s, keeps its JSON 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ROUTE_NOT_FOUND', message: expect.any(String) });
    },
  );
});
