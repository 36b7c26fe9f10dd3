import { Star } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FetchError } from '@web/components/fetch-error';
import { SectionTitle } from '@web/components/section-title';
import { CardGridSkeleton } from '@web/components/skeleton';
import { useWatchedListings } from '../api/get-watched-listings';
import { useWatchlist } from '../use-watchlist';
import { WatchableListingCards } from './watchable-listing-cards';

/** The profile's "My watchlist": the listings this wallet starred in the marketplace, as cards. */
export function MyWatchlist({ wallet }: { wallet: string }) {
  const watched = useWatchedListings(wallet);
  const watchlist = useWatchlist();
  const listings = watched.data;
  return (
    <section aria-labelledby="my-watchlist" className="flex flex-col gap-4">
      <SectionTitle id="my-watchlist" title="My watchlist" count={listings?.length} />
      {watched.isPending ? (
        <CardGridSkeleton />
      ) : watched.isError ? (
        <FetchError what="your watchlist" error={watched.error} />
      ) : !listings?.length ? (
        <EmptyState
          titleAs="h3"
          icon={Star}
          title="No starred addresses"
          description="Star addresses in the marketplace to keep an eye on them here."
          action={
            <Link to="/marketplace" className={buttonClass('secondary')}>
              Find addresses to watch
            </Link>
          }
        />
      ) : (
        <WatchableListingCards
          listings={listings}
          watchlist={watchlist}
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          data-testid="watchlist"
        />
      )}
    </section>
  );
}
