import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@shared/api/errors';
import { AppError, forbidden, unauthorized } from './app-error';
import { refuseNulCharacters } from './nul-check';
import { refuseHostileUrl } from './url-guard';
import { checkOrigin, STATE_CHANGING_METHODS } from './origin-check';
import { enforceRateLimits, validateRateLimitRules, type RateLimitRule } from './rate-limit';
import {
  clearSessionCookie,
  sessionCookieName,
  setSessionCookie,
  type SessionInfo,
  type SessionResolver,
} from './session-cookie';
import { checkWalletMatch, claimedWallets } from './wallet-match';

/**
 * The one request guard (docs/domain.md#sign-in-sessions-and-roles). Every /api route declares who may call it:
 *
 *   config: {
 *     access: 'public' | 'session' | 'admin',   // required: registering an /api route without it throws
 *     adminMessage?: string,                    // the 403 ADMIN_REQUIRED message of an admin route
 *     sessionMessage?: string,                  // the 401 SESSION_REQUIRED message, where the spec names one
 *     rateLimit?: RateLimitRule | RateLimitRule[],  // see rate-limit.ts and its RATE_LIMITS presets
 *     walletFields?: string[],                  // more parameter names that must equal the session wallet
 *     walletMatch?: false,                      // public routes only: skip the wallet-match rule
 *     contentTypes?: string[],                  // body types accepted besides application/json (CSV upload)
 *     anyOrigin?: true,                         // public routes only: skip the Origin check (Solana Pay, Actions)
 *     callerIndependent?: true,                 // public reads only: no session lookup unless a wallet is named
 *   }
 *
 * and the guard enforces, in order: Origin check and JSON-only bodies on state-changing calls, the session
 * (`request.session`), the access level, no NUL character in the query, path or body (400, nul-check.ts), the
 * rule that a supplied x-wallet-address header or walletAddress / buyerId / buyerWallet / wallet parameter equals
 * the session wallet (403 WALLET_MISMATCH), then the rate limits.
 */

export type RouteAccess = 'public' | 'session' | 'admin';
export type { RateLimitRule, SessionInfo };

export interface ApiRouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  walletMatch: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    adminMessage?: string;
    sessionMessage?: string;
    rateLimit?: RateLimitRule | readonly RateLimitRule[];
    walletFields?: readonly string[];
    walletMatch?: false;
    contentTypes?: readonly string[];
    /**
     * Wallets and blink clients POST from anywhere (docs/domain.md#solana-pay-and-actions). Only for public routes that
     * never act on the session: without a cookie to ride there is nothing for the Origin check to defend.
     */
    anyOrigin?: true;
    /**
     * A public read whose answer is the same bytes for every caller (docs/decisions/0004): the guard does not look
     * the session up, so a signed-in caller is served a kept answer without a database round trip, as an anonymous
     * one is. `request.session` stays null there, unless the request names a wallet (the search's legacy
     * `walletAddress`, the x-wallet-address header): then the session is resolved so the wallet-match rule holds.
     */
    callerIndependent?: true;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. Set for every /api route, public ones included. */
    session: SessionInfo | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for tests that walk the whole route table. */
    apiRoutes: readonly ApiRouteEntry[];
  }
}

const ACCESS_LEVELS = new Set<RouteAccess>(['public', 'session', 'admin']);
const kDefaultAccess = Symbol('vv.defaultAccess');
const kResolveSession = Symbol('vv.resolveSession');

/**
 * Declares the access of every route registered inside `scope` that does not declare its own: for plugins whose
 * routes we cannot annotate one by one (the system routes, a documentation UI). Prefer `config.access`.
 */
export function setDefaultAccess(scope: FastifyInstance, access: RouteAccess): void {
  (scope as unknown as Record<symbol, RouteAccess>)[kDefaultAccess] = access;
}

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

const asArray = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as readonly T[])] : [value as T];

async function guardRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const config = request.routeOptions.config;
  const { publicOrigin } = request.server.env;
  if (STATE_CHANGING_METHODS.has(request.method)) {
    if (!config.anyOrigin) checkOrigin(request, request.server.env);
    checkJsonBody(request, config.contentTypes);
  }

  const token = request.cookies[sessionCookieName(publicOrigin)];
  const sessionMatters = !config.callerIndependent || claimedWallets(request, config.walletFields).length > 0;
  if (token && sessionMatters) {
    const resolve = (request.server as unknown as Record<symbol, SessionResolver>)[kResolveSession]!;
    const resolved = await resolve(token);
    if (resolved) {
      request.session = resolved.session;
      if (resolved.refreshed) setSessionCookie(reply, publicOrigin, token);
    } else {
      // Expired or unknown: tell the browser to drop it rather than send it forever.
      clearSessionCookie(reply, publicOrigin);
    }
  }

  const access = config.access;
  if (access === undefined) {
    // Only routes registered before this plugin (framework routes such as the OpenAPI UI) get here: they never
    // passed the onRoute check. Let them read; refuse anything else.
    if (request.method === 'GET' || request.method === 'HEAD') return;
    throw new AppError(500, ErrorCode.INTERNAL_ERROR, 'This route has no declared access.');
  }
  if (access === 'public') return;
  if (!request.session) throw unauthorized(config.sessionMessage);
  if (access === 'admin' && !request.session.isAdmin) {
    throw forbidden(ErrorCode.ADMIN_REQUIRED, config.adminMessage ?? 'This action is restricted to admin wallets.');
  }
}

async function guardParsedRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const config = request.routeOptions.config;
  refuseNulCharacters(request);
  if (request.session && config.walletMatch !== false) {
    checkWalletMatch(request, request.session.walletAddress, config.walletFields);
  }
  const rules = asArray(config.rateLimit);
  if (rules.length > 0) {
    await enforceRateLimits(request, reply, rules, () => {
      if (request.session) return request.session.walletAddress;
      const claim = claimedWallets(request, config.walletFields)[0];
      return typeof claim === 'string' ? claim : undefined;
    });
  }
}

/** JSON-only bodies on state-changing calls; a route lists other types it takes in `config.contentTypes`. */
function checkJsonBody(request: FastifyRequest, extraTypes: readonly string[] = []): void {
  const length = request.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || extraTypes.includes(type)) return;
  throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the request body as application/json.');
}

const onRequestGuard: onRequestHookHandler = guardRequest;
const preValidationGuard: preValidationHookHandler = guardParsedRequest;

function installGuard(this: FastifyInstance, route: RouteOptions, table: ApiRouteEntry[]): void {
  if (!isApiPath(route.url)) return;
  const methods = asArray(route.method).map(String);
  const name = `${methods.join(',')} ${route.url}`;
  const config = { ...(route.config ?? {}) };
  const access = config.access ?? (this as unknown as Record<symbol, RouteAccess | undefined>)[kDefaultAccess];
  if (!access || !ACCESS_LEVELS.has(access)) {
    throw new Error(
      `${name}: every /api route must declare config.access ('public' | 'session' | 'admin'); got ${String(access)}`,
    );
  }
  if (config.walletMatch === false && access !== 'public') {
    throw new Error(`${name}: walletMatch: false is only allowed on public routes`);
  }
  if (config.anyOrigin && access !== 'public') {
    throw new Error(`${name}: anyOrigin is only allowed on public routes`);
  }
  if (config.callerIndependent && (access !== 'public' || methods.some((m) => m !== 'GET' && m !== 'HEAD'))) {
    throw new Error(`${name}: callerIndependent is only allowed on public GET routes`);
  }
  validateRateLimitRules(asArray(config.rateLimit), name);
  route.config = { ...config, access };
  // Prepend, so the guard runs before the route's own hooks; the auto-made HEAD route reuses these options.
  const onRequest = asArray(route.onRequest);
  if (!onRequest.includes(onRequestGuard)) route.onRequest = [onRequestGuard, ...onRequest];
  const preValidation = asArray(route.preValidation);
  if (!preValidation.includes(preValidationGuard)) route.preValidation = [preValidationGuard, ...preValidation];
  for (const method of methods) {
    if (method === 'HEAD' && table.some((e) => e.method === 'GET' && e.url === route.url)) continue;
    table.push({ method, url: route.url, access, walletMatch: config.walletMatch !== false });
  }
}

export interface GuardsOptions {
  /** Session lookup, passed in by the app (modules/auth) so that http never imports a module. */
  resolveSession: SessionResolver;
}

/** Register before any /api route: routes registered earlier are not seen by the onRoute check. */
export const guards = fp(
  async (app: FastifyInstance, opts: GuardsOptions) => {
    app.decorate(kResolveSession, opts.resolveSession);
    const table: ApiRouteEntry[] = [];
    app.decorate('apiRoutes', table);
    app.decorateRequest('session', null);
    // Every route, the page fallback and static files included: /og, /sitemap-* and / read their path too.
    app.addHook('onRequest', async (request) => refuseHostileUrl(request));
    app.addHook('onRoute', function (route) {
      installGuard.call(this, route, table);
    });
  },
  { name: 'vv-guards', dependencies: ['@fastify/cookie'] },
);
