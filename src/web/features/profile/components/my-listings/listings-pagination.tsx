import type { Pagination } from '@shared/api/listings';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/button';
import { pageWindow } from './listing-sort';

export function ListingsPagination({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  const { page, pageSize, total, totalPages } = pagination;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Listings pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-vault-300">
        Showing {first}-{last} of {total} listings
      </p>
      {totalPages > 1 && (
        <div className="flex flex-wrap items-center gap-1.5">
          <Button variant="secondary" size="sm" disabled={!pagination.hasPreviousPage} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden className="h-4 w-4" /> Previous
          </Button>
          {pageWindow(page, totalPages).map((n) => (
            <Button
              key={n}
              size="sm"
              variant={n === page ? 'primary' : 'ghost'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button variant="secondary" size="sm" disabled={!pagination.hasNextPage} onClick={() => onPage(page + 1)}>
            Next <ChevronRight aria-hidden className="h-4 w-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}
