import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { ErrorCode, apiErrorSchema } from '@shared/api/errors';
import { listingIdParamsSchema } from '@shared/api/listings';
import { safetyReportSchema } from '@shared/api/trust';
import { notFound } from '@server/http/app-error';
import type { RateLimitRule } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { listingsRepository } from '../listings';
import { checkAddressSafety, createSafetyCache } from './safety.service';

const MINUTE = 60_000;
/** docs/domain.md#account-safety-checks: a public answer at most 60 s old. */
export const SAFETY_MAX_AGE_MS = 60_000;
const listingOf = (request: FastifyRequest) => (request.params as { id?: string } | undefined)?.id;
// Each uncached answer costs four RPC reads.
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
}
