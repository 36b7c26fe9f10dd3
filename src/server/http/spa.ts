import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@shared/api/errors';
import { pageMeta } from '@shared/seo/page-meta';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));

const API_PREFIXES = ['/api/', '/api', '/rpc'];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/**
 * The <head> tags of the page at a path (title, description, link-preview tags): modules/seo's pageHead. The
 * request is for `request.readDb`: a page is the same for every caller, so its reads may go to a replica.
 */
export type PageHead = (pathname: string, request: FastifyRequest) => Promise<string>;

/** index.html with the page's own title and description (and any preview tags) in place of the built-in ones. */
function withHead(template: string, head: string): string {
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
    .replace('</head>', `  ${head}\n  </head>`);
}

/** Written by the build (scripts/vite-prerender.ts): path → the page's first paint, the inner HTML of #root. */
const PRERENDER_FILE = 'prerender/pages.json';

function readPrerendered(webDir: string): Record<string, string> {
  const file = path.join(webDir, PRERENDER_FILE);
  if (!existsSync(file)) return {};
  return z.record(z.string(), z.string()).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The page painted before any script runs (docs/decisions/0014-first-paint.md); React replaces it with the same. */
function withBody(html: string, body: string | undefined): string {
  return body === undefined
    ? html
    : html.replace(/(<div id="root"[^>]*>)(<\/div>)/, (_, open: string, close: string) => open + body + close);
}

/**
 * Serves the built React app with a history fallback: any non-API GET that is not a file gets index.html. A path no
 * page of the app answers gets the same page with status 404, and the app renders its friendly not-found page
 * (it used to answer 200, so crawlers and monitors saw a page). Unknown `/api/...` paths stay JSON 404s
 * so API clients never get HTML.
 */
export async function registerSpa(app: FastifyInstance, webDir = WEB_DIST_DIR, head?: PageHead): Promise<void> {
  const built = existsSync(path.join(webDir, 'index.html'));
  const template = built ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  const prerendered = built ? readPrerendered(webDir) : {};
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those can be cached forever; index.html never is.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (wantsPage && built) {
      const pathname = url.split('?')[0] ?? '/';
      reply.header('cache-control', 'no-cache').code(pageMeta(pathname).notFound ? 404 : 200);
      const body = prerendered[pathname];
      const html = head ? withHead(template, await head(pathname, request)) : template;
      return reply.type('text/html; charset=utf-8').send(withBody(html, body));
    }
    if (wantsPage) {
      return reply
        .code(503)
        .send({ error: ErrorCode.SERVICE_UNAVAILABLE, message: 'The web app is not built yet. Run `npm run build`.' });
    }
    return reply
      .code(404)
      .send({ error: ErrorCode.ROUTE_NOT_FOUND, message: `No route ${request.method} ${url.split('?')[0]}` });
  });
}
