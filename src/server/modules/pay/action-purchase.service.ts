import { ErrorCode } from '@shared/api/errors';

import { notFound } from '@server/http/app-error';
import { listingsRepository, type ListingRow, type OrderReservation } from '../listings';
import {
  assertBuyable,
  feesFor,
  insertPurchaseRow,
  membershipTier,
  paymentOf,
  refuseUnsafePurchase,
  tierOfBuyer,
  withChain,
  type PurchaseDeps,
} from '../purchases';
import { unsignedPaymentTransaction } from './unsigned-payment';

/**
 * How long an Actions purchase row waits for its payment. A blockhash is valid for 150 blocks (about 60–90 s),
 * so after two minutes the transaction the row was made for can no longer land; the row then expires like a
 * reservation would, and the late-payment sweep still catches a payment that beat the deadline.
 */
export const ACTION_PAYMENT_WINDOW_MS = 2 * 60_000;

/** The listing an action is about; 404 when it is not (or no longer) in the shop. */
export async function loadActionListing(deps: PurchaseDeps, address: string): Promise<ListingRow> {
  const listing = await listingsRepository.findByAddress(deps.db, address);
  if (!listing || listing.deletedAt !== null) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
  return listing;
}

/**
 * Why the action cannot be used now, or null while anyone may buy. A card is the same for every wallet (the GET
 * names no account), so a listing reserved for a custom order's requester reads as reserved to all. A listing someone
 * is checking out on the web (`pending`) stays buyable: that is a notice, not a lock (docs/domain.md#settlement).
 */
export function unavailableReason(listing: ListingRow, reservation?: OrderReservation): string | null {
  if (listing.status === 'sold') return 'This address has been sold.';
  if ((listing.status !== 'available' && listing.status !== 'pending') || !listing.isListed) {
    return 'This address is not for sale.';
  }
  if (reservation) {
    return `This address was ground to order and is reserved for the wallet that ordered it until ${reservation.until.toISOString()}.`;
  }
  return null;
}

/**
 * Actions POST (docs/domain.md#solana-pay-and-actions): a purchase row for `account` with its own escrow, and the
 * payment transaction for that account to sign. Anyone can name any account here (even a rich stranger's), so the row
 * shows no checkout notice; like every purchase, the first payment to land buys the key and every other one is
 * refunded from its escrow (docs/domain.md#settlement).
 */
export async function createActionPurchase(deps: PurchaseDeps, address: string, account: string) {
  const listing = await loadActionListing(deps, address);
  // The listing's own rules, as at initiate; only the requester may buy one ground to order, so naming them works.
  await assertBuyable(deps.db, listing, account, deps.now());
  await refuseUnsafePurchase(deps, listing);
  const { value: lifetime, context } = await withChain(() =>
    deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
  );

  const row = await deps.db.transaction(async (tx) => {
    // Its tier, as at initiate; the shipped defaults always hold the basic one.
    const tier = (await membershipTier(tx, tierOfBuyer(account)))!;
    const priceLamports = listing.price;
    const fees = await feesFor(tx, priceLamports, tier, Boolean(deps.treasuryWallet));
    const inserted = await insertPurchaseRow(tx, deps, {
      listing,
      // No users row: anyone may POST any account, so a row per call would let strangers fill the
      // table. The wallet alone names the buyer; signing in later with it is what lets them reveal the key.
      buyerId: null,
      buyerWallet: account,
      priceLamports,
      fees,
      initiatedSlot: context.slot,
      // The anti-squatting rule of this path (see above): the row never holds the listing.
      reservesListing: false,
      now: deps.now(),
      paymentWindowMs: ACTION_PAYMENT_WINDOW_MS,
    });
    // No audit row here: anyone may POST for any account, 30 a minute per IP, and an unpaid row is
    // nobody's act. Settlement's 'purchase.verify' or 'purchase.refund' row records the purchase once a payment lands.
    return inserted;
  });
  return { row, listing, transaction: unsignedPaymentTransaction(paymentOf(row), account, lifetime) };
}
