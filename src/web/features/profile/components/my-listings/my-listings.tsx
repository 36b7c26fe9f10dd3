import { PackagePlus, Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FetchError } from '@web/components/fetch-error';
import { SectionTitle } from '@web/components/section-title';
import { Skeleton } from '@web/components/skeleton';
import { useUserListings } from '../../api/get-user-listings';
import { ListingFiltersBar } from './listing-filters';
import { DEFAULT_FILTERS, isDefault, SORTS, type ListingFilters } from './listing-sort';
import { ListingsPagination } from './listings-pagination';
import { MyListingCard } from './my-listing-card';

/** Admin only (docs/product-spec.md#profile): the wallet's own listings with search, filters, sort and pages of 20. */
export function MyListings({ wallet }: { wallet: string }) {
  const [filters, setFilters] = useState<ListingFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const search = useDeferredValue(filters.search.trim());
  const sort = SORTS[filters.sort] ?? SORTS[0];
  const query = useUserListings({
    walletAddress: wallet,
    search: search || undefined,
    status: filters.status,
    category: filters.category,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
    page,
    pageSize: '20',
  });

  // docs/product-spec.md#filters-and-pages: any filter or sort change goes back to page 1.
  const change = (next: Partial<ListingFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const create = (
    <Link to="/create-listing" className={buttonClass('primary', 'sm')}>
      <Plus aria-hidden className="h-4 w-4" /> Create New Listing
    </Link>
  );
  const data = query.data;
  const empty = data && data.addresses.length === 0;

  return (
    <section aria-labelledby="my-listings" className="flex flex-col gap-4">
      <SectionTitle id="my-listings" title="My Listings" count={data?.pagination.total} actions={create} />
      <ListingFiltersBar filters={filters} onChange={change} onClear={() => change(DEFAULT_FILTERS)} />
      {query.isPending ? (
        <div className="grid gap-4 *:min-w-0 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : query.isError ? (
        <FetchError what="user listings" error={query.error} />
      ) : empty && isDefault(filters) ? (
        <EmptyState
          titleAs="h3"
          icon={PackagePlus}
          title="No Listings Yet"
          description="List your first vanity address for sale."
          action={
            <Link to="/create-listing" className={buttonClass('primary')}>
              Create Your First Listing
            </Link>
          }
        />
      ) : empty ? (
        <EmptyState titleAs="h3" title="No listings match these filters" />
      ) : (
        data && (
          <>
            <div className="grid gap-4 *:min-w-0 md:grid-cols-2" aria-busy={query.isPlaceholderData || undefined}>
              {data.addresses.map((listing) => (
                <MyListingCard key={listing.id} listing={listing} wallet={wallet} />
              ))}
            </div>
            <ListingsPagination pagination={data.pagination} onPage={setPage} />
          </>
        )
      )}
    </section>
  );
}
