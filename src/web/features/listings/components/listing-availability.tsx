import type { Listing } from '@shared/api/listings';
import type { ReactNode } from 'react';
import { ContinueCheckoutLink, useOpenPurchase } from '@web/features/purchase';
import { cn } from '@web/lib/cn';
import { isReserved } from '../rules';
import { useReservedForYou } from '../use-reserved-for-you';
import { BuyButton } from './buy-button';

const tones = {
  available: 'bg-money-500/10 text-money-300 ring-money-500/40',
  reserved: 'bg-gold-400/10 text-gold-300 ring-gold-400/40',
  unavailable: 'bg-danger-500/10 text-danger-400 ring-danger-500/40',
};

const time = (iso: string) => new Date(iso).toLocaleString();

/**
 * The address page's status line and its action (issue 27): reserved reads as reserved (never "available" beside a
 * disabled button), and the buyer holding an unpaid reservation is one click from its pay page.
 */
export function useListingAvailability(listing: Listing, label = 'BUY NOW'): { status: ReactNode; action: ReactNode } {
  const reservedForYou = useReservedForYou(listing);
  const held = useOpenPurchase(listing.id, listing.status === 'pending');
  const reserved = isReserved(listing) && !reservedForYou;
  const view = held
    ? {
        tone: 'reserved' as const,
        title: 'RESERVED FOR YOU — AWAITING PAYMENT',
        note: `Your reservation holds until ${time(held.expiresAt)}. Pay to complete the purchase.`,
      }
    : reserved
      ? {
          tone: 'reserved' as const,
          title: 'RESERVED',
          note:
            listing.status === 'pending'
              ? 'A buyer is paying for this address right now. If the payment does not arrive in time, it returns to the market.'
              : `Ground to order and reserved for the wallet that ordered it until ${time(listing.reservedUntil!)}.`,
        }
      : listing.status === 'available'
        ? { tone: 'available' as const, title: 'AVAILABLE FOR PURCHASE', note: null }
        : {
            tone: 'unavailable' as const,
            title: 'NOT AVAILABLE',
            note: 'This address is currently not available for purchase.',
          };
  return {
    status: (
      <div
        role="status"
        data-testid="listing-availability"
        className={cn('rounded-xl px-4 py-2 text-center text-sm font-bold tracking-widest ring-1', tones[view.tone])}
      >
        {view.title}
      </div>
    ),
    action: held ? (
      <div className="flex flex-col gap-2 sm:items-end">
        <p className="text-sm text-vault-300">{view.note}</p>
        <ContinueCheckoutLink transactionId={held.id} size="lg" className="w-full sm:w-auto" />
      </div>
    ) : view.tone === 'available' || (reserved && listing.status === 'available') ? (
      <div className="flex flex-col gap-2 sm:items-end">
        {view.note && <p className="text-sm text-vault-300">{view.note}</p>}
        <BuyButton listing={listing} size="lg" className="w-full sm:w-auto" label={label} />
      </div>
    ) : (
      <p className="text-sm text-vault-300">{view.note}</p>
    ),
  };
}
