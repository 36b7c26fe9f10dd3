import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { listingIdParamsSchema } from '@shared/api/listings';
import { safetyRecheckResponseSchema, safetyReportSchema } from '@shared/api/trust';
import { actorOf } from '@server/http/actor';
import { notFound } from '@server/http/app-error';
import type { RateLimitRule } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { listingsRepository } from '../listings';
import { checkAddressSafety, createSafetyCache, unlistUnsafe } from './safety.service';

const MINUTE = 60_000;
/** docs/domain.md#account-safety-checks: a public answer at most 60 s old. */
export const SAFETY_MAX_AGE_MS = 60_000;
const listingOf = (request: FastifyRequest) => (request.params as { id?: string } | undefined)?.id;
// Each uncached answer costs four RPC reads, plus one per transaction of its history (at most 20) and two batched
// account reads.
const SAFETY_RATE_LIMITS: RateLimitRule[] = [
  { max: 60, timeWindow: MINUTE, keyBy: 'ip' },
  { max: 120, timeWindow: MINUTE, keyBy: listingOf },
];

export async function safetyRoutes(app: AppInstance, opts: { rpc: ChainRpc }): Promise<void> {
  const cached = createSafetyCache(SAFETY_MAX_AGE_MS);
  app.get(
    '/api/addresses/:id/safety',
    {
      config: { access: 'public', rateLimit: SAFETY_RATE_LIMITS },
      schema: {
        tags: ['trust'],
        summary: 'Account-safety checks of a listed address, read from the chain (cached up to 60 s)',
        params: listingIdParamsSchema,
        querystring: z.object({ recheck: z.enum(['true', 'false']).optional() }),
        response: { 200: safetyReportSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const listing = await listingsRepository.findById(app.database.db, request.params.id);
      if (!listing || listing.status === 'deleted') throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Listing not found');
      return cached(listing.address, request.query.recheck === 'true', () =>
        checkAddressSafety({ db: app.database.db, rpc: opts.rpc }, listing.address),
      );
    },
  );

  // docs/domain.md#account-safety-checks: only the listing's owner or an admin acting on it (every owner is an admin)
  // may take a listing off the market because of a check; a buyer's or anonymous request only reads.
  app.post(
    '/api/addresses/:id/safety',
    {
      config: {
        access: 'admin',
        adminMessage: 'Only admin wallets may re-check and unlist a listing',
        rateLimit: SAFETY_RATE_LIMITS,
      },
      schema: {
        tags: ['trust'],
        summary: 'Re-reads the account-safety checks now and unlists the listing when one fails (admins)',
        params: listingIdParamsSchema,
        response: {
          200: safetyRecheckResponseSchema,
          ...{ 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const listing = await listingsRepository.findById(app.database.db, request.params.id);
      if (!listing || listing.status === 'deleted') throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Listing not found');
      const report = await cached(listing.address, true, () =>
        checkAddressSafety({ db: app.database.db, rpc: opts.rpc }, listing.address),
      );
      const unlisted = listing.status === 'available' && (await unlistUnsafe(app.database.db, listing, report, actor));
      return { ...report, unlisted };
    },
  );
}
