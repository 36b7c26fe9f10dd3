import { apiErrorSchema } from '@shared/api/errors';
import { gasFeesResponseSchema } from '@shared/api/chain';
import { memoizeFor } from '../../cache/memoize-for';
import { RATE_LIMITS } from '../../http/rate-limit';
import type { AppInstance } from '../../types';
import type { ChainContext } from './chain-context';
import { estimateGasFee } from './gas-fees.service';

/** How long one quote is served: the fee of a purchase message moves with the cluster's load, not per request. */
export const GAS_FEE_QUOTE_MAX_AGE_MS = 5_000;

/**
 * Anonymous and unauthenticated, so it must cost nothing per request: one RPC round trip per
 * instance every few seconds however many visitors ask, no database write, and a per-IP limit on top.
 */
export async function gasFeesRoutes(app: AppInstance, opts: { chain: ChainContext }): Promise<void> {
  const quote = memoizeFor(() => estimateGasFee(app.database.db, opts.chain), GAS_FEE_QUOTE_MAX_AGE_MS);
  app.get(
    '/api/solana/gas-fees',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.publicQuote },
      schema: {
        tags: ['chain'],
        summary: 'Network fee quoted for a purchase transaction',
        response: { 200: gasFeesResponseSchema, 429: apiErrorSchema },
      },
    },
    async () => quote(),
  );
}
