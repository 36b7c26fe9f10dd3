import type { Listing } from '@shared/api/listings';
import { useBuyListing } from '@web/features/purchase';

/**
 * What a Buy button does: the purchase feature's flow (docs/product-spec.md#buy-flow): 'Wallet Required' and /profile
 * without a wallet, otherwise reserve the listing and go to its secure transaction page.
 */
export function useBuy(): (listing: Listing) => void {
  return useBuyListing().buy;
}

/** The buy flow with its in-flight state, for a button that disables itself while its listing is being reserved. */
export function useBuyWithState(): { buy: (listing: Listing) => void; buying: string | null } {
  return useBuyListing();
}
