import { errorResponses } from '@server/http/error-responses';
import type { FastifyRequest } from 'fastify';
import { listingIdParamsSchema } from '@shared/api/listings';
import { custodyProofBodySchema, custodyProofResponseSchema } from '@shared/api/trust';
import type { RateLimitRule } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { createAnonymousCustodyCache, proveCustody } from './custody.service';

const MINUTE = 60_000;
const listingOf = (request: FastifyRequest) => (request.params as { id?: string } | undefined)?.id;

/**
 * Each proof decrypts a vault key, so it is rationed per caller and per listing: nobody can turn the vault into a
 * signing oracle at scale, or keep one listing's key decrypted in a loop.
 */
const CUSTODY_RATE_LIMITS: RateLimitRule[] = [
  { max: 20, timeWindow: MINUTE, keyBy: 'ip' },
  { max: 30, timeWindow: MINUTE, keyBy: listingOf },
];

/** How long an anonymous proof is remembered for a repeated challenge, and the window of one anonymous audit row. */
export const ANONYMOUS_CUSTODY_CACHE_MS = 60_000;

export async function custodyRoutes(app: AppInstance): Promise<void> {
  const anonymous = createAnonymousCustodyCache(ANONYMOUS_CUSTODY_CACHE_MS);
  app.post(
    '/api/addresses/:id/custody-proof',
    {
      config: { access: 'public', rateLimit: CUSTODY_RATE_LIMITS },
      schema: {
        tags: ['trust'],
        summary: "Signs a browser-made challenge with the listed address's own key (Solana off-chain message v0)",
        params: listingIdParamsSchema,
        body: custodyProofBodySchema,
        response: {
          200: custodyProofResponseSchema,
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const proof = await proveCustody(
        { db: app.database.db, cipher: app.vault.cipher, origin: app.env.publicOrigin, now: () => new Date() },
        request.params.id,
        request.body.challenge,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, wallet: request.session?.walletAddress },
        request.session ? undefined : anonymous,
      );
      reply.header('cache-control', 'no-store');
      return proof;
    },
  );
}
