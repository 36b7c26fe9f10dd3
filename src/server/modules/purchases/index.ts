import type { AppInstance } from '@server/types';
import type { PurchaseDeps } from './deps';
import { keyRoutes } from './key.routes';
import { purchaseRoutes } from './purchase.routes';
import { transactionReadRoutes } from './transaction-read.routes';

export type { Actor, PurchaseDeps } from './deps';
export { type FeeSettings, type Fees } from './fees';
export { feesFor } from './purchase-fees';
export { initiatePurchase } from './initiate.service';
export { confirmPurchase } from './confirm.service';
export {
  failedSafetyRecheck,
  observeListingPayments,
  recordSale,
  sendOn,
  verifyPurchase,
  type SalePayment,
  type VerifyOutcome,
} from './verify.service';
export { refundReasonText } from './refund-reasons';
export { escrowReads } from './chain-reads';
export { revealKey, destroyKey } from './keys.service';
export { RESERVATION_MS, EXPIRED_REASON, TRANSITIONS } from './state-machine';
export { transactionsRepository } from './transactions.repository';
export { purchaseListingRepository } from './listing.repository';

/** Every /api/transactions route (docs/domain.md#key-vault, docs/domain.md#purchases). */
export async function purchasesRoutes(app: AppInstance, opts: { deps: PurchaseDeps }): Promise<void> {
  await app.register(transactionReadRoutes, opts);
  await app.register(purchaseRoutes, opts);
  await app.register(keyRoutes, opts);
}
export { purchaseDepsOf } from './wiring';
// For the background verifier (src/server/jobs).
export {
  completeFinalized,
  emptyReport,
  sweepClosed,
  sweepOpen,
  sweepTransfers,
  type SweepReport,
} from './background.service';
// For the pay module (Solana Pay and Actions, docs/domain.md#solana-pay-and-actions), which builds on these rather than
// copying them.
export { paymentOf } from './transaction-view';
export { withChain } from './verify-outcome';
export { insertPurchaseRow, membershipTier, tierOfBuyer } from './purchase-row';
export { assertBuyable } from './buyable';
export { refuseUnsafePurchase } from './safety-gate';
// For the demo seed, which records its sales exactly as the verifier does.
export { newPaymentReference, paymentMemoOf } from './payment-reference';
export { totalLamportsOf } from './transaction-view';
export { saleRepository } from './sale.repository';
export { referenceDataRepository } from './reference-data.repository';
export { completePurchase } from './verify.service';
