import type { Listing } from '@shared/api/listings';
import type { ReactNode } from 'react';
import { ContinueCheckoutLink, useOpenPurchase } from '@web/features/purchase';
import { cn } from '@web/lib/cn';
import { CHECKOUT_NOTICE, isCheckingOut, isReserved } from '../rules';
import { useReservedForYou } from '../use-reserved-for-you';
import { BuyButton } from './buy-button';

const tones = {
  available: 'bg-money-500/10 text-money-300 ring-money-500/40',
  checkout: 'bg-sky-500/10 text-sky-300 ring-sky-500/40',
  reserved: 'bg-gold-400/10 text-gold-300 ring-gold-400/40',
  unavailable: 'bg-danger-500/10 text-danger-400 ring-danger-500/40',
};

const time = (iso: string) => new Date(iso).toLocaleString();
const hoursMinutes = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

const RACE =
  'Another buyer can still pay for this address. If their payment lands first, yours comes back to you automatically.';

/**
 * The address page's status line and its action (docs/domain.md#settlement). Someone checking out is a
 * notice beside Buy, never a lock; the buyer whose checkout is open is one click from its pay page; only a custom
 * order's reservation (ground for another wallet) blocks, and reads as reserved.
 */
export function useListingAvailability(listing: Listing, label = 'BUY NOW'): { status: ReactNode; action: ReactNode } {
  const reservedForYou = useReservedForYou(listing);
  const checkingOut = isCheckingOut(listing);
  const held = useOpenPurchase(listing.id, checkingOut);
  const reserved = isReserved(listing) && !reservedForYou;
  const forSale = listing.isListed && (listing.status === 'available' || checkingOut);
  const view = held
    ? {
        tone: 'checkout' as const,
        title: 'YOUR CHECKOUT — AWAITING PAYMENT',
        note: `Your checkout is open until ${hoursMinutes(held.expiresAt)}. ${RACE}`,
      }
    : reserved
      ? {
          tone: 'reserved' as const,
          title: 'RESERVED',
          note: `Ground to order and reserved for the wallet that ordered it until ${time(listing.reservedUntil!)}.`,
        }
      : forSale
        ? {
            tone: 'available' as const,
            title: 'AVAILABLE FOR PURCHASE',
            note: checkingOut
              ? 'You can still buy it: the first payment to land gets the key, and any other is refunded automatically.'
              : null,
          }
        : {
            tone: 'unavailable' as const,
            title: 'NOT AVAILABLE',
            note: 'This address is currently not available for purchase.',
          };
  return {
    status: (
      <div className="flex flex-col gap-2">
        <div
          role="status"
          data-testid="listing-availability"
          className={cn('rounded-xl px-4 py-2 text-center text-sm font-bold tracking-widest ring-1', tones[view.tone])}
        >
          {view.title}
        </div>
        {checkingOut && !held && !reserved && forSale && (
          <p
            data-testid="checkout-notice"
            className={cn('rounded-xl px-4 py-2 text-center text-sm font-medium ring-1', tones.checkout)}
          >
            {CHECKOUT_NOTICE}
          </p>
        )}
      </div>
    ),
    action: held ? (
      <div className="flex flex-col gap-2 sm:max-w-md sm:items-end">
        <p className="text-sm text-vault-300 sm:text-right">{view.note}</p>
        <ContinueCheckoutLink transactionId={held.id} size="lg" className="w-full sm:w-auto" />
      </div>
    ) : forSale ? (
      <div className="flex flex-col gap-2 sm:max-w-md sm:items-end">
        {view.note && <p className="text-sm text-vault-300 sm:text-right">{view.note}</p>}
        <BuyButton listing={listing} size="lg" className="w-full sm:w-auto" label={label} />
      </div>
    ) : (
      <p className="text-sm text-vault-300">{view.note}</p>
    ),
  };
}
