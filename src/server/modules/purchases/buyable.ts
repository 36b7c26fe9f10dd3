import { ErrorCode } from '@shared/api/errors';
import type { Queryable } from '@server/db/database';
import { badRequest, conflict } from '@server/http/app-error';
import { assertNotReservedForAnother } from './requester-reservation';

export const listingNotAvailable = () =>
  conflict(ErrorCode.LISTING_NOT_AVAILABLE, 'This address is no longer available');

/**
 * The rules of the listing itself that every purchase passes, the web initiate (row locked) and the Actions POST
 * (which names any account) alike: on sale, paid in SOL, not the buyer's own, and not ground to order for another
 * wallet. The rules about the buyer (reservation caps, balance) belong to the path that reserves.
 */
export async function assertBuyable(
  db: Queryable,
  listing: { id: string; status: string; isListed: boolean; network: string; currency: string; sellerWallet: string },
  buyerWallet: string,
  now: Date,
): Promise<void> {
  // `pending` is someone else's checkout: a notice, not a lock (docs/domain.md#settlement). The first payment wins.
  if ((listing.status !== 'available' && listing.status !== 'pending') || !listing.isListed) {
    throw listingNotAvailable();
  }
  if (listing.network !== 'solana' || listing.currency !== 'SOL') {
    throw badRequest(ErrorCode.UNSUPPORTED_CURRENCY, 'Only Solana payments are supported');
  }
  if (listing.sellerWallet === buyerWallet) throw conflict(ErrorCode.OWN_LISTING, 'You cannot buy your own listing');
  // Custom orders (docs/domain.md#custom-orders): a listing ground to order is its requester's alone for 24 h.
  await assertNotReservedForAnother(db, listing.id, buyerWallet, now);
}
