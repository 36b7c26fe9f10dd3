import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '@server/app';
import { createChainContext, type ChainContext } from '@server/modules/chain';
import { loadEnv, type Env } from '@server/config/env';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './db';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  env: Env;
  chain: ChainContext;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The variables every in-process test app starts from: its own DATA_DIR and a fresh master key, the local cluster
 * without the standard RPC port, no demo data, no log.
 */
export const testEnvVars = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOCAL_RPC_PORT: '0',
  SOLANA_CLUSTER: 'local',
  DEMO_DATA: 'false',
  LOG_LEVEL: 'silent',
  PUBLIC_ORIGIN: 'http://localhost:5000',
  VAULT_MASTER_KEY: randomBytes(32).toString('base64'),
});

/**
 * The whole app in-process on its own fresh database (see `createTestDatabase`) and its own DATA_DIR, ready for
 * `app.inject`. `setup` runs before `ready()`, for tests that add routes of their own.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    setup?: (app: FastifyInstance) => void | Promise<void>;
    /** Extra buildApp options (webDir, sitemap paging). */
    appOptions?: AppOptions;
    /** Read replicas of the test database (PostgreSQL only). */
    database?: TestDatabaseOptions;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-test-'));
  const env = loadEnv({
    ...testEnvVars(dataDir),
    // Tests read right after their own writes; the production defaults keep stats up to 10 s, and search,
    // featured, address pages and recent sales up to 1 s (tests/api/listings/public-cache.test.ts tests that with them
    // on).
    MARKET_STATS_MAX_AGE_SECONDS: '0',
    PUBLIC_LISTINGS_MAX_AGE_SECONDS: '0',
    ...opts.env,
  });
  const database = await createTestDatabase(opts.database);
  const chain = await createChainContext(env);
  const app = await buildApp({ env, database, chain }, { logger: false, ...opts.appOptions });
  await opts.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    env,
    chain,
    dataDir,
    async close() {
      await app.close();
      await chain.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
