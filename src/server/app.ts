import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChainContext } from './modules/chain';
import type { Env } from './config/env';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { Database } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { frameworkErrors } from './http/framework-errors';
import { guards, setDefaultAccess } from './http/guards';
import { inFlightPlugin } from './http/in-flight';
import { loggerOptions, RequestLogController } from './http/logger';
import { registerOpenApi } from './http/openapi';
import { readRouting } from './http/read-routing';
import { registerSecurity } from './http/security';
import { compiledSerializerCompiler } from './http/serializer';
import { registerSpa } from './http/spa';
import { pageHead, seoRoutes, type SeoRoutesOptions } from './modules/seo';
import { authRoutes, resolveSession } from './modules/auth';
import { listingsRoutes } from './modules/listings';
import { getUsdPerSol, marketRoutes } from './modules/market';
import { chainRoutes } from './modules/chain';
import { systemRoutes } from './modules/system';
import { usersRoutes } from './modules/users';
import { observeListingPayments, purchaseDepsOf, purchasesRoutes, withChain } from './modules/purchases';
import { payRoutes } from './modules/pay';
import { priceHistoryRoutes } from './modules/price-history';
import { watchlistRoutes } from './modules/watchlist';
import { attestationPlugin, checkAddressSafety, trustRoutes } from './modules/trust';
import { findNonSystemAccounts } from '@chain/safety/read-account-safety';
import { ordersPlugin } from './modules/orders';
import { bidsPlugin } from './modules/bids';
import { alertsPlugin, type AlertsOptions } from './modules/alerts';
import { jobsPlugin } from './jobs';
import { vaultPlugin } from './modules/vault';
import { metricsPlugin } from './modules/metrics';
import { settlementAdminRoutes } from './modules/settlement';
import type { AppInstance } from './types';

export interface AppDeps {
  env: Env;
  database: Database;
  chain: ChainContext;
}

export interface AppOptions {
  /** false in tests that do not want log output. */
  logger?: boolean;
  /** Where log lines go instead of stdout: tests that read what the server logged (no secret in a log). */
  logStream?: { write(line: string): void };
  /** Pretty log lines instead of JSON: main.ts asks for them when stdout is a terminal. */
  prettyLogs?: boolean;
  webDir?: string;
  /** Sitemap paging (tests make it small). */
  seo?: SeoRoutesOptions;
  /** The webhook guard's resolver and allow rule: tests only (an offline resolver, a receiver on loopback). */
  alerts?: AlertsOptions;
}

/** Default body limit. Only routes that need more (the bulk upload) raise their own. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP app without listening, so tests can `inject` into exactly what production runs. */
export async function buildApp(deps: AppDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : opts.logStream
          ? { ...(loggerOptions(deps.env.logLevel, { pretty: false }) as object), stream: opts.logStream }
          : loggerOptions(deps.env.logLevel, { pretty: opts.prettyLogs ?? false }),
    logController: new RequestLogController(),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Only behind a proxy we run may X-Forwarded-For name the client; otherwise anyone could pick their IP.
    trustProxy: fastifyTrustProxy(deps.env.trustProxy),
    // On SIGTERM, idle keep-alive sockets are closed at once while in-flight requests finish. A request already
    // on its way in over a kept-alive connection is still served, with `Connection: close`, rather than refused
    // with a 503: the database stays open until every request is done (http/in-flight.ts), and new connections
    // are refused by the closed listener (no 5xx for an accepted request).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.env.trustProxyWarning) app.log.warn(deps.env.trustProxyWarning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.decorate('env', deps.env);
  app.decorate('database', deps.database);
  // First, so that its onClose (waiting for in-flight requests and tasks) runs after every other plugin's.
  await app.register(inFlightPlugin);
  registerErrorHandler(app);
  await registerSecurity(app, deps.env);
  await app.register(cookie);
  // Before the routes: `request.readDb` and the wrote-lately cookie (docs/decisions/0019-read-replicas.md).
  await app.register(readRouting);
  // First: the guard's onRoute check must see every /api route registered after it, the docs' own included.
  await app.register(guards, { resolveSession: (token) => resolveSession(app.database.db, token) });
  await registerOpenApi(app);
  // Before the routes: its latency hook must apply to every one of them.
  await app.register(metricsPlugin, { rpcErrors: () => deps.chain.rpcErrors?.() ?? 0 });

  await registerRoutes(app as AppInstance, deps, opts);
  await registerSpa(app, opts.webDir, (pathname, request) => pageHead(request.readDb, deps.env.publicOrigin, pathname));
  return app;
}

/**
 * getMultipleAccounts calls in flight per bulk chunk (docs/domain.md#account-safety-checks): a small bound, the RPC is
 * shared.
 */
const BULK_RPC_CONCURRENCY = 2;

async function registerRoutes(app: AppInstance, deps: AppDeps, opts: AppOptions): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    setDefaultAccess(scope, 'public');
    await scope.register(systemRoutes, {
      chainHealth: () => deps.chain.health(),
      publicConfig: () => ({
        cluster: deps.env.cluster,
        rpcUrls: deps.chain.browserRpcUrls,
        ...(deps.chain.browserWsUrl ? { wsUrl: deps.chain.browserWsUrl } : {}),
        explorerClusterQuery: deps.chain.explorerClusterQuery,
        revealCommitment: deps.env.revealCommitment,
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
  await app.register(attestationPlugin);
  const purchases = purchaseDepsOf(app.database.db, deps.env, deps.chain, app.vault.cipher, app.attestation, (work) => {
    // A send that fails here is stored or left unsent, and the settlement worker's outbox pass finishes it.
    void app.inFlight
      .track(work())
      .catch((err: unknown) => app.log.warn({ err }, 'settlement send, left to the worker'));
  });
  // Listings show USD at the live SOL price (cached; the spec's fallback rate when no feed answers).
  await app.register(listingsRoutes, {
    usdPerSol: () => getUsdPerSol(app.database.db, app.env, app.inFlight.track),
    safetyCheck: (address: string) =>
      withChain(() => checkAddressSafety({ db: app.database.db, rpc: deps.chain.rpc }, address)),
    // Bulk create: getMultipleAccounts calls in flight per chunk; up to four chunks are checked ahead at once.
    accountCheck: (addresses: readonly string[]) =>
      withChain(() => findNonSystemAccounts(deps.chain.rpc, addresses, { concurrency: BULK_RPC_CONCURRENCY })),
    observePayments: (addressId: string) => observeListingPayments(purchases, addressId),
    // Resolved at call time: the bids plugin registers below. Its failure never undoes a listing.
    onListed: (ids: readonly string[]) =>
      app.bids.onListed(ids).catch((err: unknown) => app.log.warn({ err }, 'new listings not offered to bids')),
  });
  await app.register(marketRoutes);
  await app.register(watchlistRoutes);
  await app.register(priceHistoryRoutes);
  await app.register(trustRoutes, { rpc: deps.chain.rpc });
  await app.register(seoRoutes, opts.seo ?? {});
  await app.register(purchasesRoutes, { deps: purchases });
  await app.register(payRoutes, { deps: purchases });
  await app.register(jobsPlugin, { purchases });
  await app.register(ordersPlugin, { rpc: deps.chain.rpc, purchases });
  await app.register(bidsPlugin, { purchases });
  await app.register(alertsPlugin, opts.alerts ?? {});
  await app.register(settlementAdminRoutes, { rpc: deps.chain.rpc });
}
