import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';

/**
 * Nothing matched the search text or the filters. The marketplace's (docs/product-spec.md#marketplace) 'No addresses
 * found matching "{query}"' with its 'Clear search'; with filters set, a way to clear those as well.
 */
export function EmptyResult({
  query,
  filtered,
  onClearSearch,
  onClearFilters,
}: {
  query: string | undefined;
  filtered: boolean;
  onClearSearch: () => void;
  onClearFilters: () => void;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={query ? `No addresses found matching "${query}"` : 'No addresses match these filters'}
      description={
        query
          ? "Can't find it? Order it: the shop grinds the pattern for you and seals the key at birth." +
            (filtered ? ' Filters are narrowing the search too.' : '')
          : undefined
      }
      action={
        <div className="flex flex-wrap items-center justify-center gap-3" data-testid="empty-result-actions">
          {query && (
            <Button variant="secondary" onClick={onClearSearch}>
              Clear search
            </Button>
          )}
          {filtered && (
            <Button variant="secondary" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
          {/* An empty search is where a custom order starts (docs/decisions/0006-custom-order-grinding.md). */}
          {query && (
            <Link to={`/order?pattern=${encodeURIComponent(query)}`} className={buttonClass('primary')}>
              Order it
            </Link>
          )}
        </div>
      }
    />
  );
}
