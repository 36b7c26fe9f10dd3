import type { ActionMetadata } from '@shared/api/pay';
import { lamportsToSolString } from '@shared/money';
import type { ListingRow, OrderReservation } from '../listings';
import { unavailableReason } from './action-purchase.service';
import { listingIconUrl } from './listing-icon';

/** The blink card of a listing (Actions GET): icon, title, rarity and price, and one "Buy" button. */
export function actionMetadataOf(origin: string, listing: ListingRow, reservation?: OrderReservation): ActionMetadata {
  const price = lamportsToSolString(listing.price);
  const reason = unavailableReason(listing, reservation);
  const pattern = listing.pattern ? `“${listing.pattern}” ` : '';
  return {
    type: 'action',
    icon: listingIconUrl(origin, listing.address),
    // The spec's title names the source of the action (a store): ours, and the address it sells.
    title: `Vanity Vault: ${listing.address}`,
    description:
      `A ${pattern}vanity Solana address with its private key, rarity ${Number(listing.rarityScore).toFixed(1)}/10, ` +
      `for ${price} SOL. Pay from any wallet; then sign in at ${origin} with that wallet to reveal the key.`,
    // Labels start with a verb and stay within five words (spec); a disabled button says why in a word.
    label: reason
      ? listing.status === 'sold'
        ? 'Sold'
        : reservation
          ? 'Reserved'
          : 'Not for sale'
      : `Buy for ${price} SOL`,
    ...(reason ? { disabled: true, error: { message: reason } } : {}),
  };
}

/** The completion step chained after the payment (`links.next`, inline). */
export function completedActionOf(origin: string, listing: ListingRow) {
  return {
    type: 'completed' as const,
    icon: listingIconUrl(origin, listing.address),
    title: 'Payment sent',
    description:
      `Once the payment is confirmed, ${listing.address} is yours. Sign in at ${origin} with the wallet that paid ` +
      'to reveal (or destroy) its private key. If another buyer paid first, your payment comes back automatically.',
    label: 'Payment sent',
  };
}
