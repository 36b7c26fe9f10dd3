import { useDeferredValue, type ReactNode } from 'react';
import { Store } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { MarketplaceReading } from '@web/features/market-reading';
import { useSearchListings } from '../api/search-listings';
import { EmptyResult } from '../components/empty-result';
import { FilterBar } from '../components/filter-bar';
import { ListingCards } from '../components/listing-cards';
import { ListingTable } from '../components/listing-table';
import { MobileSort } from '../components/mobile-sort';
import { Pagination } from '../components/pagination';
import { SearchBox } from '../components/search-box';
import { SellerFilter } from '../components/seller-filter';
import { Legend, PageSizeSelect, TotalBadge } from '../components/toolbar';
import { useMarketplaceState } from '../use-marketplace-state';
import { useMediaQuery } from '../use-media-query';
import { hasFilters } from '../url-state';

export function MarketplacePage() {
  const state = useMarketplaceState();
  const { input } = state;
  const search = useSearchListings(input);
  // Drawing a page of listings is this page's longest task on a phone: deferred, React draws it in slices between
  // which the page stays responsive, and keeps the previous page (or the skeleton) on screen until it is done.
  const data = useDeferredValue(search.data);
  const isError = search.isError;
  const isPending = data === undefined && !isError;
  // null while prerendering: both layouts are sent, each shown by CSS at its breakpoint (display: contents keeps
  // the wrapper out of layout), so the first paint matches the viewport (docs/decisions/0014-first-paint.md).
  const desktop = useMediaQuery('(min-width: 768px)');
  const atBreakpoint = (node: ReactNode, wide: boolean) =>
    desktop === null ? <div className={wide ? 'hidden md:contents' : 'contents md:hidden'}>{node}</div> : node;
  // docs/product-spec.md#shared-rule: a failed search shows an empty listing.
  const listings = isError ? [] : data?.addresses;
  const total = isError ? 0 : data?.pagination.total;
  const nothingAtAll = !isPending && !isError && total === 0;
  const filtered = hasFilters(state.view);

  return (
    <div>
      <PageHeader title="Marketplace" subtitle="Discover rare vanity addresses on Solana" />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox value={state.search} onChange={state.setSearch} position={state.view.pos} />
        <PageSizeSelect value={input.pageSize} onChange={state.setPageSize} />
      </div>
      {state.view.seller && (
        <SellerFilter seller={state.view.seller} onClear={() => state.setFilters({ seller: undefined })} />
      )}
      <FilterBar view={state.view} onChange={state.setFilters} onClear={state.clearFilters} active={filtered} />
      <MarketplaceReading minLength={state.view.minLen} maxLength={state.view.maxLen} position={state.view.pos} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Legend />
        <div className="flex flex-wrap items-center gap-3">
          {desktop !== true &&
            atBreakpoint(
              <MobileSort sortBy={input.sortBy} sortOrder={input.sortOrder} onSort={state.toggleSort} />,
              false,
            )}
          <TotalBadge total={total} exact={isError || data?.pagination.totalExact !== false} />
        </div>
      </div>

      {nothingAtAll && (input.query || filtered) ? (
        <EmptyResult
          query={input.query}
          filtered={filtered}
          onClearSearch={state.clearSearch}
          onClearFilters={state.clearFilters}
        />
      ) : nothingAtAll ? (
        <EmptyState icon={Store} title="No listings available at the moment." />
      ) : (
        <>
          {desktop !== false &&
            atBreakpoint(
              <ListingTable
                listings={listings}
                loading={isPending}
                pageSize={input.pageSize}
                sortBy={input.sortBy}
                sortOrder={input.sortOrder}
                onSort={state.toggleSort}
              />,
              true,
            )}
          {desktop !== true &&
            atBreakpoint(<ListingCards listings={listings} loading={isPending} pageSize={input.pageSize} />, false)}
        </>
      )}

      {data && !isError ? (
        <div className="mt-6">
          <Pagination info={data.pagination} onPage={state.setPage} />
        </div>
      ) : (
        // The pagination's height, kept while the first page loads so the footer does not jump.
        isPending && <div aria-hidden className="mt-6 h-8" />
      )}
    </div>
  );
}
