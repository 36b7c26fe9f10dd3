import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { STATE_CHANGING_METHODS } from './origin-check';

/**
 * Which database a request reads from (docs/decisions/0019-read-replicas.md). A read goes to a streaming replica
 * only when all of these hold, and to the primary otherwise:
 *
 * - replicas are configured (DATABASE_READ_URLS) and one of them is ready (caught up, see db/replica-lag.ts);
 * - the request is a GET or HEAD of a route that declares `callerIndependent` (the answer is the same bytes for
 *   every caller: search, featured, address pages, stats, activity, recent sales, sitemaps) or an HTML page of
 *   the web app (its head tags name the listing, the same for everyone);
 * - the caller has not written lately: every state-changing request (POST, PUT, PATCH, DELETE) is answered with a
 *   short-lived cookie, and a browser that carries it reads from the primary until it expires, so a seller sees
 *   the listing they just saved and a buyer the reservation they just made. The cookie outlives the most a replica
 *   in use can be behind (the lag limit plus one check interval), and every instance behind a load balancer
 *   reads it, where a per-process memory would not.
 *
 * Routes read `request.readDb`; everything else (writes, session and admin reads, the purchase path) keeps using
 * `app.database.db`, the primary.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The database for this request's caller-independent reads: a ready replica, or the primary. */
    readonly readDb: Db;
  }
}

const kReadDb = Symbol('vv.readDb');
type WithChoice = FastifyRequest & { [kReadDb]?: Db };

/** Like the session cookie: `__Host-` behind https, so a sibling subdomain cannot set or clear it. */
export const wroteLatelyCookieName = (publicOrigin: string) =>
  publicOrigin.startsWith('https://') ? '__Host-vv_wrote' : 'vv_wrote';

/** Whether this request's caller-independent reads may be served by a replica (if one is ready). */
export function readsFromReplicas(request: FastifyRequest): boolean {
  // `database` is absent only in a bare Fastify of a unit test (cache/public-answers.test.ts).
  if (!(request.server.database as FastifyInstance['database'] | undefined)?.replicas) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const page = request.is404 && !request.url.startsWith('/api');
  if (request.routeOptions.config.callerIndependent !== true && !page) return false;
  return !request.cookies[wroteLatelyCookieName(request.server.env.publicOrigin)];
}

function chooseReadDb(request: FastifyRequest): Db {
  const primary = request.server.database.db;
  return readsFromReplicas(request) ? (request.server.database.replicas?.pick() ?? primary) : primary;
}

/** Registered after @fastify/cookie: decorates `request.readDb` and sends the wrote-lately cookie. */
export const readRouting = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('readDb', {
      getter(this: FastifyRequest) {
        // Chosen once per request, so all its reads see one server.
        return ((this as WithChoice)[kReadDb] ??= chooseReadDb(this));
      },
    });
    const replicas = app.database.replicas;
    if (!replicas) return;

    const { publicOrigin } = app.env;
    const name = wroteLatelyCookieName(publicOrigin);
    const maxAge = Math.ceil(replicas.maxStalenessMs / 1000);
    // onRequest, not onSend: @fastify/cookie writes Set-Cookie in its own onSend hook, which runs before ours.
    app.addHook('onRequest', async (request, reply) => {
      if (!STATE_CHANGING_METHODS.has(request.method)) return;
      reply.setCookie(name, '1', {
        httpOnly: true,
        sameSite: 'lax',
        secure: publicOrigin.startsWith('https://'),
        path: '/',
        maxAge,
      });
    });

    const unsubscribe = replicas.onChange((status, previous) => {
      const line = { replica: status.url, state: status.state, previous, lagSeconds: status.lagSeconds };
      if (status.state === 'ready') app.log.info(line, 'read replica in use');
      else app.log.warn({ ...line, error: status.error }, 'read replica skipped: reads go to the primary');
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });
  },
  { name: 'vv-read-routing', dependencies: ['@fastify/cookie'] },
);
