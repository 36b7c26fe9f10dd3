import type { Listing } from '@shared/api/listings';
import { Skeleton } from '@web/components/skeleton';
import { useWatchlist } from '@web/features/watchlist';
import type { SortField } from '../api/search-listings';
import { ListingRow } from './listing-row';
import { SortHeader } from './sort-header';

// docs/product-spec.md#constants-and-limits: 5 skeleton rows while loading.
const SKELETON_ROWS = 5;
const COLUMNS = 7;

export interface ListingTableProps {
  listings: Listing[] | undefined;
  loading: boolean;
  /** Rows a full page will have: while loading, the rows past the visible skeletons are kept as blank space. */
  pageSize: number;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  onSort: (field: SortField) => void;
}

export function ListingTable({ listings, loading, pageSize, sortBy, sortOrder, onSort }: ListingTableProps) {
  const watchlist = useWatchlist();
  const sort = { sortBy, sortOrder, onSort };
  const th = 'px-3 py-3';
  return (
    <div className="overflow-x-auto rounded-2xl border border-vault-700/80 bg-vault-900/80 shadow-vault">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Listings for sale</caption>
        <thead className="bg-vault-850 text-xs text-vault-400">
          <tr>
            <th scope="col" className="w-10 py-3 pl-3">
              <span className="sr-only">Watchlist</span>
            </th>
            <th scope="col" className={`${th} font-semibold tracking-wide uppercase`}>
              Address
            </th>
            <th scope="col" className={`${th} font-semibold tracking-wide uppercase`}>
              Category
            </th>
            <SortHeader field="rarityScore" label="Rarity" className={th} {...sort} />
            <SortHeader field="price" label="Price" className={th} {...sort} />
            <SortHeader field="createdAt" label="Listed" className={th} {...sort} />
            <th scope="col" className="py-3 pr-4">
              <span className="sr-only">Buy</span>
            </th>
          </tr>
        </thead>
        <tbody aria-busy={loading || undefined}>
          {loading && !listings ? (
            // h-9 + py-3: a skeleton row is as tall as a listing row, and the page's other rows are reserved
            // (invisible), so nothing below moves when the listings arrive (docs/decisions/0014-first-paint.md).
            Array.from({ length: Math.max(SKELETON_ROWS, pageSize) }, (_, i) =>
              i < SKELETON_ROWS ? (
                <tr key={i} data-testid="skeleton-row" className="border-t border-vault-800">
                  <td colSpan={COLUMNS} className="px-4 py-3">
                    <Skeleton className="h-9" />
                  </td>
                </tr>
              ) : (
                <tr key={i} aria-hidden className="invisible border-t border-vault-800">
                  <td colSpan={COLUMNS} className="px-4 py-3">
                    <div className="h-9" />
                  </td>
                </tr>
              ),
            )
          ) : listings?.length ? (
            listings.map((l) => (
              <ListingRow
                key={l.id}
                listing={l}
                starred={watchlist.isStarred(l.id)}
                onStar={() => watchlist.toggle(l.id)}
              />
            ))
          ) : (
            <tr>
              <td colSpan={COLUMNS} className="px-4 py-10 text-center text-vault-300">
                No addresses found matching your criteria.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
