import { z } from 'zod';
import { publicConfigSchema } from '@shared/api/config';
import { apiErrorSchema } from '@shared/api/errors';
import { databaseAnswers } from '../../db/availability';
import type { AppInstance } from '../../types';
import type { ChainHealth } from '../chain';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
  chain: z.object({ ok: z.boolean(), cluster: z.string(), slot: z.number().optional(), error: z.string().optional() }),
  /**
   * Each read replica (DATABASE_READ_URLS) as its last background check found it; empty without replicas. A
   * replica that is not `ready` is skipped, which leaves `status` alone: the primary serves everything.
   */
  replicas: z.array(
    z.object({
      url: z.string().describe('postgres://host:port/database, without credentials'),
      state: z.enum(['starting', 'ready', 'lagging', 'down', 'not-a-standby']),
      lagSeconds: z.number().nullable(),
      checkedAt: z.string().nullable(),
      error: z.string().optional(),
    }),
  ),
});

export interface SystemRoutesOptions {
  publicConfig: () => z.infer<typeof publicConfigSchema>;
  chainHealth: () => Promise<ChainHealth>;
}

export async function systemRoutes(app: AppInstance, opts: SystemRoutesOptions): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Database, read replica and chain reachability',
        response: { 200: healthSchema, 503: healthSchema, 500: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      // Bounded: a health check that hangs on a black-holed database tells a load balancer nothing.
      const databaseOk = await databaseAnswers(app.database, 3_000);
      const database = {
        ok: databaseOk,
        driver: app.database.driver,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      };
      const chain = await opts.chainHealth();
      const status = !databaseOk ? 'down' : chain.ok ? 'ok' : 'degraded';
      // The shop cannot serve without its database; without the chain it can still browse (degraded).
      const replicas = app.database.replicas?.status() ?? [];
      return reply.code(databaseOk ? 200 : 503).send({ status, database, chain, replicas });
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'What the browser may know of the configuration',
        response: { 200: publicConfigSchema },
      },
    },
    async () => opts.publicConfig(),
  );
}
