import { truncateListingAddress } from '@shared/format/address';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Skeleton } from '@web/components/skeleton';
import { ListingCard } from '@web/features/listings';
import { useWatchedListings } from '../api/get-watched-listings';
import { useWatchlist } from '../use-watchlist';
import { StarToggle } from './star-toggle';

/** The profile's "My watchlist": the listings this wallet starred in the marketplace, as cards. */
export function MyWatchlist({ wallet }: { wallet: string }) {
  const watched = useWatchedListings(wallet);
  const watchlist = useWatchlist();
  const listings = watched.data;
  return (
    <section aria-labelledby="my-watchlist" className="flex flex-col gap-4">
      <h2 id="my-watchlist" className="flex items-center gap-2 text-xl font-semibold text-vault-100">
        My watchlist
        {listings && (
          <span className="rounded-full bg-vault-800 px-2 py-0.5 text-xs font-semibold text-vault-300 ring-1 ring-vault-600">
            {listings.length}
          </span>
        )}
      </h2>
      {watched.isPending ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      ) : watched.isError ? (
        <p role="alert" className="text-sm text-danger-400">
          Failed to fetch your watchlist: {watched.error.message}
        </p>
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
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="watchlist">
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
      )}
    </section>
  );
}
