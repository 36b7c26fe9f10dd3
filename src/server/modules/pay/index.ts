import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from '../purchases';
import { actionsRoutes } from './actions.routes';
import { transactionRequestRoutes } from './transaction-request.routes';

export { setActionHeaders } from './cors-headers';
export { listingIconSvg } from './listing-icon';
export { transactionRequestEndpoint, transactionRequestErrors } from './transaction-request-endpoint';
export { unsignedPaymentTransaction } from './unsigned-payment';

/**
 * Paying from any wallet (docs/domain.md#solana-pay-and-actions): Solana Pay transaction requests and Solana Actions.
 */
export async function payRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  await app.register(transactionRequestRoutes, opts);
  await app.register(actionsRoutes, opts);
}
