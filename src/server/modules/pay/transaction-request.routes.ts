import { errorResponses } from '@server/http/error-responses';
import {
  accountBodySchema,
  transactionRequestMetaSchema,
  transactionRequestParamsSchema,
  transactionRequestResponseSchema,
} from '@shared/api/pay';
import { RATE_LIMITS } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from '../purchases';
import { listingIconUrl } from './listing-icon';
import { setActionHeaders } from './cors-headers';
import { buildTransactionRequest, loadRequestedPurchase } from './transaction-request.service';

const errors = errorResponses(400, 404, 409, 429, 503);
const URL = '/api/pay/:transactionId';

/**
 * Solana Pay transaction request for a purchase (docs/domain.md#solana-pay-and-actions): `solana:<origin>/api/pay/{id}`
 * in a QR code. The wallet GETs a label and icon, then POSTs `{ account }` for the transaction to sign. No session: a
 * phone wallet has none, and the answer is only useful to the buyer's own key.
 */
export async function transactionRequestRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;
  // Web wallets fetch from their own origin; nothing here reads a cookie.
  app.addHook('onRequest', async (_request, reply) => setActionHeaders(reply, undefined));

  app.options(URL, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).send(),
  );

  app.get(
    URL,
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: 'Solana Pay transaction request: the label and icon a wallet shows',
        params: transactionRequestParamsSchema,
        response: { 200: transactionRequestMetaSchema, ...errors },
      },
    },
    async (request) => {
      const detail = await loadRequestedPurchase(deps, request.params.transactionId);
      return { label: 'Vanity Vault', icon: listingIconUrl(app.env.publicOrigin, detail.listing.address) };
    },
  );

  app.post(
    URL,
    {
      config: { access: 'public', anyOrigin: true, rateLimit: RATE_LIMITS.payRequest },
      schema: {
        tags: ['pay'],
        summary: "Solana Pay transaction request: the purchase payment, built for the buyer's wallet to sign",
        description:
          'The account must be the purchase buyer (else 400) and the purchase still initiated and unpaid (else 409). ' +
          'The background verifier finds the payment in the purchase escrow; no confirm call is needed.',
        params: transactionRequestParamsSchema,
        body: accountBodySchema,
        response: { 200: transactionRequestResponseSchema, ...errors },
      },
    },
    async (request) => buildTransactionRequest(deps, request.params.transactionId, request.body.account),
  );
}
