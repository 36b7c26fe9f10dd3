import { truncateListingAddress } from '@shared/format/address';
import { StarToggle, useWatchlist } from '@web/features/watchlist';

/** The marketplace's watchlist star, on the address page: kept for a signed-in wallet, in this browser otherwise. */
export function WatchStar({ listingId, address }: { listingId: string; address: string }) {
  const watchlist = useWatchlist();
  return (
    <StarToggle
      starred={watchlist.isStarred(listingId)}
      onToggle={() => watchlist.toggle(listingId)}
      label={`Watch ${truncateListingAddress(address)}`}
    />
  );
}
