import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { shopStatsSchema } from '@shared/api/shop';
import { AppError, notFound } from '../../http/app-error';
import { errorResponses } from '../../http/error-responses';
import type { AppInstance } from '../../types';
import { createMetrics, type Metrics } from './prometheus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics, null while METRICS_TOKEN is unset. */
    metrics: Metrics | null;
  }
}
import { readShopStats } from './shop-stats';

export interface MetricsOptions {
  /** Failed server-side RPC calls so far (the chain context counts them). */
  rpcErrors: () => number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (hashes first, so lengths never differ). */
function holdsToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics (Prometheus) and GET /api/admin/shop-stats (the admin Shop page): one set of numbers for an operator.
 * /metrics exists only while METRICS_TOKEN is set (404 otherwise) and answers only a request bearing it
 * (401 otherwise). Registered with fastify-plugin so its latency hook sees every route of the app.
 */
export const metricsPlugin = fp(
  async (app: AppInstance, opts: MetricsOptions) => {
    const token = app.env.metricsToken;
    const metrics = token ? createMetrics() : null;
    app.decorate('metrics', metrics);

    if (metrics) {
      app.addHook('onResponse', async (request, reply) => {
        // The route's pattern; requests no route matched share one series.
        const route = request.routeOptions.url ?? 'unmatched';
        metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      });
    }

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token || !metrics)
        throw notFound(ErrorCode.ROUTE_NOT_FOUND, 'No route GET /metrics: METRICS_TOKEN is not set.');
      if (!holdsToken(request, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, ErrorCode.INVALID_METRICS_TOKEN, 'Send Authorization: Bearer <METRICS_TOKEN>.');
      }
      const body = await metrics.render(await readShopStats(app.database.db, opts.rpcErrors()));
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(body);
    });

    app.get(
      '/api/admin/shop-stats',
      {
        config: { access: 'admin', adminMessage: 'The shop figures are for admin wallets only.' },
        schema: {
          tags: ['admin'],
          summary: 'Sales, refunds, open reservations and the grind queue, today and over 30 days',
          response: { 200: shopStatsSchema, ...errorResponses(401, 403, 429) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return readShopStats(app.database.db, opts.rpcErrors());
      },
    );
  },
  { name: 'vv-metrics', dependencies: ['vv-guards'] },
);
