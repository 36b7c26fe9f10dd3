import type { Listing } from '@shared/api/listings';
import { useWallet } from '@web/features/wallet';
import { isOwnListing } from './rules';

/** Whether the signed-in wallet sells `listing`: "Your Listing", owner controls instead of Buy. */
export function useIsOwner(listing: Pick<Listing, 'sellerWallet'>): boolean {
  return isOwnListing(listing, useWallet().address);
}
