import { ShoppingCart } from 'lucide-react';
import type { Listing } from '@shared/api/listings';
import { Button, type ButtonProps } from '@web/components/button';
import { truncateListingAddress } from '@shared/format/address';
import { buyState } from '../rules';
import { useBuyWithState } from '../use-buy';
import { useIsOwner } from '../use-is-owner';
import { useReservedForYou } from '../use-reserved-for-you';

/** Buy when available and listed; otherwise a disabled button that says why (docs/product-spec.md#listing-card). */
export function BuyButton({
  listing,
  onBuy,
  size = 'sm',
  className,
  label = 'Buy',
}: {
  listing: Listing;
  onBuy?: (listing: Listing) => void;
  size?: ButtonProps['size'];
  className?: string;
  /** The enabled button's text: 'Buy' on cards, 'BUY NOW' on the address page. */
  label?: string;
}) {
  const { buy: defaultBuy, buying } = useBuyWithState();
  const state = buyState(listing, useIsOwner(listing), useReservedForYou(listing));
  if (!state.canBuy) {
    return (
      <Button size={size} variant="secondary" disabled className={className}>
        {state.label}
      </Button>
    );
  }
  return (
    <Button
      size={size}
      className={className}
      aria-label={`${label} ${truncateListingAddress(listing.address)}`}
      // Disabled while this listing is being reserved: a double click sends one request.
      loading={buying === listing.id}
      onClick={() => (onBuy ?? defaultBuy)(listing)}
    >
      <ShoppingCart aria-hidden className="h-4 w-4" />
      {label}
    </Button>
  );
}
