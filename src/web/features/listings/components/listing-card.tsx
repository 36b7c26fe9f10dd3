import type { ReactNode } from 'react';
import type { Listing } from '@shared/api/listings';
import { Badge } from '@web/components/badge';
import { Card } from '@web/components/card';
import { useWallet } from '@web/features/wallet';
import { cn } from '@web/lib/cn';
import {
  CHECKOUT_BADGE_TITLE,
  cardBadges,
  tierBadge,
  categoryLabel,
  displayPrice,
  displayUsd,
  patternOf,
  type CardBadge,
} from '../rules';
import { useIsOwner } from '../use-is-owner';
import { BuyButton } from './buy-button';
import { ListingAddressLink } from './listing-address-link';
import { OwnerControls } from './owner-controls';
import { TierBadge } from './tier-badge';

const badgeTone: Record<CardBadge, 'danger' | 'info' | 'gold' | 'money'> = {
  SOLD: 'danger',
  NEW: 'info',
  HOT: 'gold',
  AVAILABLE: 'money',
  // Someone's open checkout: a notice (the card still offers Buy), softer than a reservation.
  CHECKOUT: 'info',
  RESERVED: 'gold',
};

const promotionRing: Partial<Record<Listing['promotionType'], string>> = {
  featured: 'border-premium-500/50',
  premium: 'border-sky-500/50',
  promoted: 'border-money-500/50',
};

/** One listing as a card: Home's Premium Addresses grid and the marketplace on phones. */
export function ListingCard({
  listing,
  onBuy,
  actions,
}: {
  listing: Listing;
  onBuy?: (listing: Listing) => void;
  /** Extra controls in the header row (the marketplace star). */
  actions?: ReactNode;
}) {
  const pattern = patternOf(listing.pattern);
  const { address: wallet } = useWallet();
  const isOwner = useIsOwner(listing);
  return (
    <Card
      data-testid="listing-card"
      className={cn(
        'flex flex-col gap-4 p-5 transition-colors hover:border-vault-500',
        promotionRing[listing.promotionType],
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <TierBadge tier={tierBadge(listing.rarityScore)} />
          {isOwner ? (
            <Badge tone="premium">Your Listing</Badge>
          ) : (
            cardBadges(listing).map((b) => (
              <Badge
                key={b}
                tone={badgeTone[b]}
                data-badge={b}
                title={b === 'CHECKOUT' ? CHECKOUT_BADGE_TITLE : undefined}
              >
                {b}
              </Badge>
            ))
          )}
        </div>
        {actions}
      </div>
      <div className="min-w-0">
        <ListingAddressLink
          address={listing.address}
          pattern={pattern}
          patternPosition={listing.patternPosition}
          className="block text-lg wrap-anywhere"
        />
        <p className="mt-1 text-xs text-vault-400 capitalize">
          {categoryLabel(listing.category)}
          {pattern && (
            <>
              {' · '}
              <span className="font-mono normal-case text-vault-300">{pattern}</span>
            </>
          )}
          {' · '}
          <span className="text-vault-300">{listing.rarityScore.toFixed(1)}/10</span>
        </p>
      </div>
      <div className="mt-auto flex items-end justify-between gap-3">
        <div>
          <p className="text-lg font-bold text-money-300">{displayPrice(listing)}</p>
          <p className="text-xs text-vault-400">{displayUsd(listing)}</p>
        </div>
        {/* The owner's card already says 'Your Listing' in its badges: no Buy button to offer. */}
        {!isOwner && <BuyButton listing={listing} onBuy={onBuy} />}
      </div>
      {isOwner && wallet && <OwnerControls listing={listing} wallet={wallet} />}
    </Card>
  );
}
