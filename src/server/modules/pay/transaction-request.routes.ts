import { transactionRequestParamsSchema } from '@shared/api/pay';
import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from '../purchases';
import { listingIconUrl } from './listing-icon';
import { transactionRequestEndpoint } from './transaction-request-endpoint';
import { buildTransactionRequest, loadRequestedPurchase } from './transaction-request.service';

/** Solana Pay transaction request for a purchase: `solana:<origin>/api/pay/{id}` in a QR code. */
export async function transactionRequestRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  const { deps } = opts;
  await transactionRequestEndpoint(app, {
    url: '/api/pay/:transactionId',
    params: transactionRequestParamsSchema,
    paysFor: 'a purchase',
    description:
      'The account must be the purchase buyer (else 400) and the purchase still initiated and unpaid (else 409). ' +
      'The background verifier finds the payment in the purchase escrow; no confirm call is needed.',
    iconUrl: async ({ transactionId }) =>
      listingIconUrl(app.env.publicOrigin, (await loadRequestedPurchase(deps, transactionId)).listing.address),
    build: ({ transactionId }, account) => buildTransactionRequest(deps, transactionId, account),
  });
}
