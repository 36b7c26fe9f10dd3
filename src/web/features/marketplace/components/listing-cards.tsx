import type { Listing } from '@shared/api/listings';
import { ListingCardSkeleton } from '@web/features/listings';
import { WatchableListingCards, useWatchlist } from '@web/features/watchlist';

/** The phone layout of the marketplace: one card per listing. */
const SKELETONS = 5;

export function ListingCards({
  listings,
  loading,
  pageSize,
}: {
  listings: Listing[] | undefined;
  loading: boolean;
  /** Cards a full page will have: past the visible skeletons they are reserved as blank space while loading. */
  pageSize: number;
}) {
  const watchlist = useWatchlist();
  if (loading && !listings) {
    return (
      <div aria-busy className="grid gap-3">
        {Array.from({ length: Math.max(SKELETONS, pageSize) }, (_, i) => (
          <ListingCardSkeleton key={i} withActions hidden={i >= SKELETONS} />
        ))}
      </div>
    );
  }
  if (!listings?.length) {
    return <p className="py-10 text-center text-sm text-vault-300">No addresses found matching your criteria.</p>;
  }
  return <WatchableListingCards listings={listings} watchlist={watchlist} className="grid gap-3" />;
}
