import { ErrorCode } from '@shared/api/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { addressCardSvg, renderPng } from '../address-art';
import { listingsRepository } from '../listings';
import { artOf, artVersion } from './page-head';
import { STATIC_PATHS, sitemapIndexXml, sitemapPlan, urlsetXml, URLS_PER_SITEMAP } from './sitemap';
import { sitemapRepository } from './sitemap.repository';

/** Rendered previews kept in memory (~40 KB each): the popular listings are asked for again and again. */
const IMAGE_CACHE_ENTRIES = 256;
/** Sitemaps and pictures are the same for everybody: their reads may go to a read replica (http/read-routing.ts). */
const config = { access: 'public', callerIndependent: true } as const;

export interface SeoRoutesOptions {
  /** URLs per sitemap file (the protocol's 50,000); smaller in tests, to see the index without 50,000 listings. */
  urlsPerSitemap?: number;
  /** SVG to PNG; tests wrap the real one to count renders, which is how the picture cache is seen to work. */
  renderPng?: (svg: string) => Buffer;
}

/** GET /robots.txt, /sitemap.xml (and its pages) and the link-preview picture of an address. */
export async function seoRoutes(app: AppInstance, opts: SeoRoutesOptions = {}): Promise<void> {
  const origin = app.env.publicOrigin;
  const perFile = opts.urlsPerSitemap ?? URLS_PER_SITEMAP;
  const render = opts.renderPng ?? renderPng;
  app.get('/robots.txt', { config, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // The API and the per-user pages are not for search engines; everything else is.
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /profile',
          'Disallow: /secure-transaction/',
          'Disallow: /create-listing',
          'Disallow: /shop',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  /** URLs [from, from + n) of the whole list: the static pages, then the listings for sale. */
  async function urls(db: Db, from: number, n: number) {
    const statics = STATIC_PATHS.slice(from, from + n).map((p) => ({ loc: `${origin}${p}` }));
    const offset = Math.max(0, from - STATIC_PATHS.length);
    const rows = await sitemapRepository.forSale(db, offset, n - statics.length);
    return [
      ...statics,
      ...rows.map((r) => ({ loc: `${origin}/address/${encodeURIComponent(r.address)}`, lastmod: r.updatedAt })),
    ];
  }

  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);

  app.get('/sitemap.xml', { config, schema: { hide: true } }, async (request, reply) => {
    const plan = sitemapPlan(await sitemapRepository.countForSale(request.readDb), perFile);
    if (plan.files === 1) return xml(reply, urlsetXml(await urls(request.readDb, 0, perFile)));
    const files = Array.from({ length: plan.files }, (_, i) => ({ loc: `${origin}/sitemap-${i + 1}.xml` }));
    return xml(reply, sitemapIndexXml(files));
  });

  app.get(
    '/sitemap-:n.xml',
    { config, schema: { hide: true, params: z.object({ n: z.coerce.number().int().min(1).max(1_000) }) } },
    async (request, reply) => {
      const plan = sitemapPlan(await sitemapRepository.countForSale(request.readDb), perFile);
      if (request.params.n > plan.files) throw notFound(ErrorCode.ROUTE_NOT_FOUND, 'No such sitemap page');
      return xml(reply, urlsetXml(await urls(request.readDb, (request.params.n - 1) * perFile, perFile)));
    },
  );

  const images = new Map<string, Buffer>();
  app.get(
    '/og/address/:file',
    {
      config,
      schema: {
        hide: true,
        params: z.object({
          file: z
            .string()
            .max(140)
            .regex(/\.png$/, 'Not a picture'),
        }),
      },
    },
    async (request, reply) => {
      const address = request.params.file.slice(0, -'.png'.length);
      const row = await listingsRepository.findByAddress(request.readDb, address);
      if (!row) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
      const art = artOf(row);
      const key = `${address} ${artVersion(art)}`;
      let png = images.get(key);
      if (png) images.delete(key); // re-inserted below: the Map's order is the eviction order
      // Synchronous, ~20 ms of CPU: fine for a picture each listing needs once per change of price or rarity.
      png ??= render(addressCardSvg(art));
      images.set(key, png);
      if (images.size > IMAGE_CACHE_ENTRIES) images.delete(images.keys().next().value!);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=3600')
        .header('etag', `"${artVersion(art)}"`)
        .send(png);
    },
  );
}
