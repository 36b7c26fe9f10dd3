import type { Listing } from '@shared/api/listings';
import { shortListingAddress } from '@shared/format/address';
import { Badge } from '@web/components/badge';
import {
  BuyButton,
  CHECKOUT_BADGE_TITLE,
  isCheckingOut,
  TierBadge,
  ListingAddressLink,
  categoryLabel,
  displayPrice,
  displayUsd,
  tierBadge,
  patternOf,
  useIsOwner,
} from '@web/features/listings';
import { StarToggle } from '@web/features/watchlist';
import { cn } from '@web/lib/cn';

/** Row highlight by promotionType (docs/product-spec.md#marketplace): featured purple, premium blue, promoted green. */
export const promotionRow: Partial<Record<Listing['promotionType'], string>> = {
  featured: 'bg-premium-500/[0.06] shadow-[inset_3px_0_0_0_var(--color-premium-500)]',
  premium: 'bg-sky-500/[0.06] shadow-[inset_3px_0_0_0_rgb(14_165_233)]',
  promoted: 'bg-money-500/[0.06] shadow-[inset_3px_0_0_0_var(--color-money-500)]',
};

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function ListingRow({ listing, starred, onStar }: { listing: Listing; starred: boolean; onStar: () => void }) {
  const pattern = patternOf(listing.pattern);
  const isOwner = useIsOwner(listing);
  return (
    <tr
      data-testid="listing-row"
      className={cn('border-t border-vault-800 hover:bg-vault-800/40', promotionRow[listing.promotionType])}
    >
      <td className="w-10 py-2 pl-3">
        <StarToggle
          starred={starred}
          onToggle={onStar}
          label={`Watch ${shortListingAddress(listing.address, pattern, listing.patternPosition)}`}
        />
      </td>
      <td className="px-3 py-3">
        <ListingAddressLink address={listing.address} pattern={pattern} patternPosition={listing.patternPosition} />
        {isOwner ? (
          <Badge tone="premium" className="ml-2">
            Your Listing
          </Badge>
        ) : (
          // A notice beside an enabled Buy: someone's checkout locks nothing (docs/domain.md#settlement).
          isCheckingOut(listing) && (
            <Badge tone="info" className="ml-2" data-badge="CHECKOUT" title={CHECKOUT_BADGE_TITLE}>
              CHECKOUT
            </Badge>
          )
        )}
      </td>
      <td className="px-3 py-3 text-vault-300">
        <span className="capitalize">{categoryLabel(listing.category)}</span>
        {pattern && <span className="block font-mono text-xs text-vault-400">{pattern}</span>}
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        <span className="mr-2 font-semibold text-vault-100">{listing.rarityScore.toFixed(1)}</span>
        <TierBadge tier={tierBadge(listing.rarityScore)} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        <span className="font-semibold text-money-300">{displayPrice(listing)}</span>
        <span className="block text-xs text-vault-400">{displayUsd(listing)}</span>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-vault-300">{date.format(new Date(listing.createdAt))}</td>
      <td className="py-3 pr-4 text-right">
        <BuyButton listing={listing} />
      </td>
    </tr>
  );
}
