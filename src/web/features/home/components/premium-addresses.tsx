import { ArrowRight } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'wouter';
import { ListingCard, ListingCardSkeleton } from '@web/features/listings';
import { useFeaturedListings } from '../api/get-featured-listings';

// docs/product-spec.md#constants-and-limits: 6 card skeletons while the grid loads.
const SKELETONS = 6;

export function PremiumAddresses() {
  const featured = useFeaturedListings();
  // Six cards are the home page's longest task on a phone: deferred, React draws them in slices between which the
  // page stays responsive, and keeps the skeletons on screen until it is done (as the marketplace's page of listings).
  const data = useDeferredValue(featured.data);
  const isError = featured.isError;
  const isPending = data === undefined && !isError;
  return (
    <section aria-labelledby="premium-title">
      <div className="mb-4 flex items-end justify-between gap-3">
        <div>
          <h2 id="premium-title" className="text-xl font-bold text-vault-100 sm:text-2xl">
            Premium Addresses
          </h2>
          <p className="text-sm text-vault-400">Hand-picked rare addresses from the vault.</p>
        </div>
        <Link
          to="/marketplace"
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-money-300 hover:text-money-400"
        >
          View All <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
      {isPending ? (
        <div aria-busy className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <ListingCardSkeleton key={i} />
          ))}
        </div>
      ) : isError || !data || data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-vault-700 px-4 py-10 text-center text-sm text-vault-300">
          No featured addresses available at the moment.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((listing) => (
            <ListingCard key={listing.id} listing={listing} />
          ))}
        </div>
      )}
    </section>
  );
}
