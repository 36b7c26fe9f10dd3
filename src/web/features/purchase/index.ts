// Public surface of the purchase feature; other features import only from here.
export { useBuyListing, type BuyableListing } from './use-buy-listing';
export { purchaseKeys, invalidateTradeCaches } from './api/query-keys';
export { getPurchase, purchaseQueryOptions, usePurchase } from './api/get-purchase';
export {
  revealPrivateKey,
  RevealKeyError,
  useRevealPrivateKey,
  type RevealedKey,
  type SupportInfo,
} from './api/reveal-private-key';
export { RevealSafetyWarning } from './components/reveal-safety-warning';
export { PurchaseStatusBadge } from './components/purchase-status-badge';
export { NetworkValue } from './components/network-value';
export { usePurchases, purchasesQueryOptions } from './api/get-purchases';
export { isAwaitingPayment, useOpenPurchase } from './use-open-purchase';
export { ContinueCheckoutLink } from './components/continue-checkout-link';
export { PurchaseFailedCard } from './components/purchase-failed-card';
export { SettlementRows } from './components/settlement-rows';
