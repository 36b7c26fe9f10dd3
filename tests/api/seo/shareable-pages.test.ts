import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Listing } from '@shared/api/listings';
import { pageMeta } from '@shared/seo/page-meta';
import { renderPng } from '@server/modules/address-art';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing } from '@tests/helpers/factories';

/*
 * Shareable pages (docs/decisions/0008-marketplace-filters-and-shareable-pages.md): robots.txt, the sitemap (validated
 * by xmllint against the protocol's schemas shipped in the repo), each page's head tags and an address's link-preview
 * picture.
 */
const XSD_DIR = fileURLToPath(new URL('../../../src/server/modules/seo/xsd/', import.meta.url));
const ORIGIN = 'http://localhost:5000';
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta
  name="description"
  content="built-in description"
/>
<title>Vanity Vault</title></head><body><div id="root"></div></body></html>`;

// What the build's prerender (scripts/vite-prerender.ts) writes: the first paint of a page, by path.
const PRERENDERED = { '/': '<h1>Home first paint</h1>', '/marketplace': '<h1>Marketplace first paint</h1>' };

let t: TestApp;
let paged: TestApp;
let dir: string;
const forSale: Listing[] = [];
let unlisted: Listing;
/** The pictures `t` rendered: the real renderer, counted, so a cache hit is visible. */
const rendered: string[] = [];
const countingRender = (svg: string) => {
  rendered.push(svg);
  return renderPng(svg);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vv-seo-'));
  await writeFile(path.join(dir, 'index.html'), TEMPLATE);
  await mkdir(path.join(dir, 'prerender'));
  await writeFile(path.join(dir, 'prerender/pages.json'), JSON.stringify(PRERENDERED));
  t = await createTestApp({ appOptions: { webDir: dir, seo: { renderPng: countingRender } } });
  // The same database is not shared; the paged app gets its own listings below.
  paged = await createTestApp({ appOptions: { webDir: dir, seo: { urlsPerSitemap: 2 } } });
  const seller = await createAdmin(t);
  for (const price of ['1.5', '2']) forSale.push((await createListing(t, { seller, price })).listing);
  unlisted = (await createListing(t, { seller, isListed: false })).listing;
  const pagedSeller = await createAdmin(paged);
  for (const price of ['1', '2', '3']) await createListing(paged, { seller: pagedSeller, price });
});
afterAll(async () => {
  await t?.close();
  await paged?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

/**
 * Runs `xmllint --schema` on `xml` (libxml2's own xmllint, compiled to WebAssembly by the `xmllint-wasm` package, so
 * a fresh machine needs no system package); returns its status and output (0 = valid).
 */
async function xmllint(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd') {
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: { fileName: schema, contents: await readFile(path.join(XSD_DIR, schema)) },
  });
  return { status: result.valid ? 0 : 1, output: result.rawOutput };
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('is text that allows the site, keeps crawlers off the API and names the sitemap', async () => {
    const res = await get(t, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap', () => {
  it('lists the pages and every listing for sale, and validates against the sitemap schema', async () => {
    const res = await get(t, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const lint = await xmllint(res.body, 'sitemap.xsd');
    expect(lint.status, lint.output).toBe(0);
    const urls = locs(res.body);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/marketplace`,
        ...forSale.map((l) => `${ORIGIN}/address/${l.address}`),
      ]),
    );
    expect(urls).not.toContain(`${ORIGIN}/address/${unlisted.address}`);
    expect(urls).toHaveLength(3 + forSale.length);
  });

  it('the schema check can fail: a document off the protocol is refused', async () => {
    const lint = await xmllint(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>',
      'sitemap.xsd',
    );
    expect(lint.status).not.toBe(0);
  });

  it('past the per-file limit it is an index of pages, each valid, together listing everything once', async () => {
    const index = await get(paged, '/sitemap.xml');
    const lint = await xmllint(index.body, 'siteindex.xsd');
    expect(lint.status, lint.output).toBe(0);
    // 3 pages + 3 listings at 2 a file.
    expect(locs(index.body)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    const all: string[] = [];
    for (const n of [1, 2, 3]) {
      const page = await get(paged, `/sitemap-${n}.xml`);
      expect(page.statusCode).toBe(200);
      const pageLint = await xmllint(page.body, 'sitemap.xsd');
      expect(pageLint.status, pageLint.output).toBe(0);
      expect(locs(page.body).length).toBeLessThanOrEqual(2);
      all.push(...locs(page.body));
    }
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
    expect((await get(paged, '/sitemap-4.xml')).statusCode).toBe(404);
  });
});

const unescapeHtml = (text: string) =>
  text.replace(
    /&(lt|gt|amp|quot|#39);/g,
    (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" })[e]!,
  );

/** The content of <meta property|name="key">. */
function metaContent(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m?.[1];
}

describe('page heads', () => {
  it('each route has its own title and description, once', async () => {
    const titles = new Map<string, string>();
    const id = randomUUID();
    const routes = [
      '/',
      '/marketplace',
      '/profile',
      '/terms-of-service',
      '/create-listing',
      '/order',
      '/bids',
      '/verify-receipt',
      `/address/${forSale[0]!.address}`,
      `/transaction/${id}`,
      `/secure-transaction/${id}`,
      `/order/${id}/finish`,
      '/no-such-page',
    ];
    for (const route of routes) {
      const res = await get(t, route);
      // The not-found page is served with its own status, still with its title and noindex.
      expect(res.statusCode, route).toBe(pageMeta(route).notFound ? 404 : 200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/name="description"/g)).toHaveLength(1);
      expect(res.body).not.toContain('built-in description');
      const expected = pageMeta(route);
      const title = unescapeHtml(/<title>([^<]*)<\/title>/.exec(res.body)![1]!);
      expect(title, route).toBe(expected.title);
      const description = unescapeHtml(metaContent(res.body, 'description')!);
      // A listed address's description leads with what a link preview should show: its price and rarity.
      if (route.startsWith('/address/')) expect(description, route).toMatch(/^1\.5 SOL · rarity \d/);
      expect(description.endsWith(expected.description), `${route}: ${description}`).toBe(true);
      expect(metaContent(res.body, 'robots'), route).toBe(expected.notFound ? 'noindex' : undefined);
      titles.set(route, title);
    }
    expect(new Set(titles.values()).size).toBe(titles.size);
    expect(titles.get('/marketplace')).toBe('Marketplace · Vanity Vault');
    expect(titles.get('/no-such-page')).toBe('Page Not Found · Vanity Vault');
  });

  it('/ and /marketplace carry their prerendered first paint inside #root; other pages an empty #root', async () => {
    const root = (html: string) => /<div id="root"[^>]*>([\s\S]*?)<\/div><\/body>/.exec(html)?.[1];
    expect(root((await get(t, '/')).body)).toBe(PRERENDERED['/']);
    // The query string does not change the shell (the filters are React's to fill in).
    expect(root((await get(t, '/marketplace?search=moon&page=2')).body)).toBe(PRERENDERED['/marketplace']);
    for (const other of ['/profile', '/order', '/no-such-page'])
      expect(root((await get(t, other)).body), other).toBe('');
  });

  it('an address page carries OpenGraph and Twitter card tags for its picture', async () => {
    const listing = forSale[0]!;
    const res = await get(t, `/address/${listing.address}`);
    const html = res.body;
    expect(metaContent(html, 'og:title')).toContain(listing.address.slice(0, 8));
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`${ORIGIN}/address/${listing.address}`);
    expect(metaContent(html, 'og:description')).toContain('1.5 SOL');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image')!;
    expect(image.startsWith(`${ORIGIN}/og/address/${listing.address}.png?v=`)).toBe(true);
    expect(metaContent(html, 'twitter:image')).toBe(image);

    const png = await get(t, image.slice(ORIGIN.length));
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toMatch(/max-age=\d+/);
    const bytes = png.rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    // Served from the cache the second time: the same bytes, and nothing rendered again.
    const renders = rendered.length;
    expect(renders).toBeGreaterThan(0);
    const again = await get(t, image.slice(ORIGIN.length));
    expect(again.rawPayload.equals(bytes)).toBe(true);
    expect(rendered.length).toBe(renders);
  });

  it('an unknown address has no preview tags, and its picture is a 404', async () => {
    const html = (await get(t, '/address/So11111111111111111111111111111111111111112')).body;
    expect(metaContent(html, 'og:image')).toBeUndefined();
    const res = await get(t, '/og/address/So11111111111111111111111111111111111111112.png');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('LISTING_NOT_FOUND');
  });

  it('escapes whatever the path carries', async () => {
    const res = await get(t, '/address/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.body).not.toContain('<script>alert(1)');
  });
});
