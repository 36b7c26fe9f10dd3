import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChainContext } from './chain/chain-context';
import type { Env } from './config/env';
import type { Database } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { frameworkErrors } from './http/framework-errors';
import { guards, setDefaultAccess } from './http/guards';
import { loggerOptions } from './http/logger';
import { registerOpenApi } from './http/openapi';
import { registerSecurity } from './http/security';
import { registerSpa } from './http/spa';
import { authRoutes } from './modules/auth';
import { listingsRoutes } from './modules/listings';
import { getUsdPerSol, marketRoutes } from './modules/market';
import { chainRoutes } from './modules/chain';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users';
import { purchaseDepsOf, purchasesRoutes } from './modules/purchases';
import { priceHistoryRoutes } from './modules/price-history';
import { watchlistRoutes } from './modules/watchlist';
import { jobsPlugin } from './jobs';
import { vaultPlugin } from './modules/vault/vault.plugin';
import type { AppInstance } from './types';

export interface AppDeps {
  env: Env;
  database: Database;
  chain: ChainContext;
}

export interface AppOptions {
  /** false in tests that do not want log output. */
  logger?: boolean;
  webDir?: string;
}

/** Default body limit. Only routes that need more (the bulk upload) raise their own. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP app without listening, so tests can `inject` into exactly what production runs. */
export async function buildApp(deps: AppDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(deps.env.logLevel),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Only behind a proxy we run may X-Forwarded-For name the client; otherwise anyone could pick their IP.
    trustProxy: deps.env.trustProxy,
    // On SIGTERM, idle keep-alive sockets are closed at once while in-flight requests finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', deps.env);
  app.decorate('database', deps.database);
  registerErrorHandler(app);
  await registerSecurity(app, deps.env);
  await app.register(cookie);
  // First: the guard's onRoute check must see every /api route registered after it, the docs' own included.
  await app.register(guards);
  await registerOpenApi(app);

  await registerRoutes(app as AppInstance, deps);
  await registerSpa(app, opts.webDir);
  return app;
}

async function registerRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    setDefaultAccess(scope, 'public');
    await scope.register(systemRoutes, {
      chainHealth: () => deps.chain.health(),
      publicConfig: () => ({
        cluster: deps.env.cluster,
        rpcUrls: deps.chain.browserRpcUrls,
        explorerClusterQuery: deps.chain.explorerClusterQuery,
        features: {
          devFaucet: deps.env.isLocal && Boolean(deps.chain.validator),
          localDevWallet: deps.env.isLocal,
        },
      }),
    });
  });
  await app.register(chainRoutes, { chain: deps.chain, isLocal: deps.env.isLocal });
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(vaultPlugin);
  // Listings show USD at the live SOL price (cached; the spec's fallback rate when no feed answers).
  await app.register(listingsRoutes, { usdPerSol: () => getUsdPerSol(app.database.db, app.env) });
  await app.register(marketRoutes);
  await app.register(watchlistRoutes);
  await app.register(priceHistoryRoutes);
  const purchases = purchaseDepsOf(app.database.db, deps.env, deps.chain);
  await app.register(purchasesRoutes, { deps: purchases });
  await app.register(jobsPlugin, { purchases });
}
