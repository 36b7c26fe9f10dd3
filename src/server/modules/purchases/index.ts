import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from './deps';
import { keyRoutes } from './key.routes';
import { purchaseRoutes } from './purchase.routes';
import { purchaseReadRoutes } from './purchase-read.routes';

// Buying a listing, from its reservation to a decided payment and the key's reveal (docs/domain.md#purchases). Every
// way to buy (the web checkout, Solana Pay and Actions, a bid's fill, the demo seed) builds on what is exported here
// rather than copying it.

/** Every /api/transactions route (docs/domain.md#key-vault, docs/domain.md#purchases). */
export async function purchasesRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  await app.register(purchaseReadRoutes, opts);
  await app.register(purchaseRoutes, opts);
  await app.register(keyRoutes, opts);
}
export type { PurchaseDeps } from './deps';
export { purchaseDepsOf } from './wiring';

// Starting a purchase, and the checks and prices every way to buy shares.
export { initiatePurchase } from './initiate.service';
export { assertBuyable } from './buyable';
export { refuseUnsafePurchase } from './safety-gate';
export { feesFor } from './purchase-fees';
export { insertPurchaseRow, membershipTier, tierOfBuyer } from './purchase-row';
export { newPaymentReference, paymentMemoOf } from './payment-reference';
export { paymentOf } from './purchase-view';
export { RESERVATION_MS, EXPIRED_REASON } from './state-machine';

// Deciding a payment: the verifier's own steps, so that a sale is recorded one way whoever made it.
export { failedSafetyRecheck, observeListingPayments, recordSale, sendOn, verifyPurchase } from './verify.service';
export { withChain } from './verify-outcome';
export { escrowReads } from './chain-reads';
export { sweepAll, type SweepReport } from './background.service';

export { purchasesRepository } from './purchases.repository';
export { purchaseListingRepository } from './listing.repository';
export { saleRepository } from './sale.repository';
export { referenceDataRepository } from './reference-data.repository';
