import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { AppError } from './app-error';
import { hitRateLimit, purgeLapsedRateLimits } from './rate-limit-store';

/**
 * One rate-limit rule of a route, declared as `config: { rateLimit: rule | rule[] }`.
 * - `max` requests per `timeWindow` milliseconds, per key;
 * - `keyBy`: 'ip' (the client address), 'wallet' (the session wallet, else the claimed `x-wallet-address` /
 *   walletAddress / buyerId / buyerWallet / wallet), or a function of the request; no key, no limit;
 * - `bucket`: share one counter between routes (default: the route itself).
 * Counters live in the database, so the limit holds across instances. Prefer the presets in RATE_LIMITS.
 */
export interface RateLimitRule {
  max: number;
  timeWindow: number;
  keyBy: 'ip' | 'wallet' | ((request: FastifyRequest) => string | undefined);
  bucket?: string;
}

const MINUTE = 60_000;

/** The claimed signer of a sign-in call: `address` (challenge) or `input.address` (verify). */
const signInWallet = (request: FastifyRequest): string | undefined => {
  const body = request.body as { address?: unknown; input?: { address?: unknown } } | undefined;
  const address = body?.address ?? body?.input?.address;
  return typeof address === 'string' ? address : undefined;
};

/**
 * Limits for the routes docs/domain.md#sign-in-sessions-and-roles rate-limits. Generous enough for humans and test
 * suites (each test file has its own database, so its own counters); tight enough to stop scripted guessing and
 * table-filling.
 */
export const RATE_LIMITS = {
  // Per route (challenge and verify count apart): a sign-in is one of each.
  signIn: [
    { max: 120, timeWindow: MINUTE, keyBy: 'ip' },
    { max: 30, timeWindow: MINUTE, keyBy: signInWallet },
  ],
  validation: [{ max: 120, timeWindow: MINUTE, keyBy: 'ip' }],
  initiate: [
    { max: 60, timeWindow: MINUTE, keyBy: 'ip' },
    { max: 30, timeWindow: MINUTE, keyBy: 'wallet' },
  ],
  reveal: [
    { max: 60, timeWindow: MINUTE, keyBy: 'ip' },
    { max: 30, timeWindow: MINUTE, keyBy: 'wallet' },
  ],
  // Anonymous reads that reach the chain (the fee quote): cached, and still bounded per client.
  publicQuote: [{ max: 120, timeWindow: MINUTE, keyBy: 'ip' }],
  // Solana Pay transaction requests (docs/domain.md#solana-pay-and-actions): each one asks the chain for a blockhash.
  payRequest: [{ max: 60, timeWindow: MINUTE, keyBy: 'ip' }],
  // Actions POSTs (docs/domain.md#solana-pay-and-actions) write a purchase row for any account named, without a
  // session: per IP only.
  actionPurchase: [{ max: 30, timeWindow: MINUTE, keyBy: 'ip' }],
} as const satisfies Record<string, readonly RateLimitRule[]>;

export function validateRateLimitRules(rules: readonly RateLimitRule[], route: string): void {
  for (const rule of rules) {
    const ok =
      Number.isInteger(rule.max) &&
      rule.max > 0 &&
      Number.isInteger(rule.timeWindow) &&
      rule.timeWindow >= 100 &&
      (rule.keyBy === 'ip' || rule.keyBy === 'wallet' || typeof rule.keyBy === 'function');
    if (!ok) throw new Error(`${route}: invalid config.rateLimit rule ${JSON.stringify(rule)}`);
  }
}

/**
 * A claimed wallet is whatever the client sent, counted before the body is validated: text PostgreSQL cannot store
 * (a NUL) or index (kilobytes) would make the counter's upsert fail with a 500. Such claims share one counter;
 * wallets and IP addresses are short and clean.
 */
const keyPart = (id: string) => (id.length <= 64 && !id.includes('\0') ? id : '(malformed)');

/** Counts this request against each rule; throws 429 RATE_LIMITED (with Retry-After) when one is exceeded. */
export async function enforceRateLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  rules: readonly RateLimitRule[],
  claimedWallet: () => string | undefined,
): Promise<void> {
  const db = request.server.database.db;
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  for (const rule of rules) {
    const id = rule.keyBy === 'ip' ? request.ip : rule.keyBy === 'wallet' ? claimedWallet() : rule.keyBy(request);
    if (!id) continue;
    const kind = typeof rule.keyBy === 'string' ? rule.keyBy : 'custom';
    const { count, resetAt } = await hitRateLimit(
      db,
      `${rule.bucket ?? route}|${kind}|${keyPart(id)}`,
      rule.timeWindow,
    );
    if (count > rule.max) {
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
      reply.header('retry-after', String(retryAfter));
      throw new AppError(
        429,
        ErrorCode.RATE_LIMITED,
        `Too many requests. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      );
    }
  }
  // Old windows are dead weight; any instance may sweep them now and then.
  if (Math.random() < 0.01) await purgeLapsedRateLimits(db);
}
