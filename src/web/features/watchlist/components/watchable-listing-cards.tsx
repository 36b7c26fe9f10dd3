import type { Listing } from '@shared/api/listings';
import { truncateListingAddress } from '@shared/format/address';
import type { HTMLAttributes } from 'react';
import { ListingCard } from '@web/features/listings';
import type { useWatchlist } from '../use-watchlist';
import { StarToggle } from './star-toggle';

/**
 * Listing cards as a list, each with its watchlist star: the marketplace on phones and the profile's watchlist.
 * The caller holds the watchlist from its first render, so the stars' query runs while the listings load.
 */
export function WatchableListingCards({
  listings,
  watchlist,
  ...rest
}: { listings: Listing[]; watchlist: ReturnType<typeof useWatchlist> } & HTMLAttributes<HTMLUListElement>) {
  return (
    <ul {...rest}>
      {listings.map((l) => (
        <li key={l.id}>
          <ListingCard
            listing={l}
            actions={
              <StarToggle
                starred={watchlist.isStarred(l.id)}
                onToggle={() => watchlist.toggle(l.id)}
                label={`Watch ${truncateListingAddress(l.address)}`}
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}
