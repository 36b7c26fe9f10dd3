import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Pagination as PaginationInfo } from '@shared/api/listings';
import { Button } from '@web/components/button';
import { pageWindow } from '../page-window';

/** Hidden on a single page; at most 5 numbered buttons around the current page. */
export function Pagination({ info, onPage }: { info: PaginationInfo; onPage: (page: number) => void }) {
  const pages = pageWindow(info.page, info.totalPages);
  if (pages.length === 0) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5">
      <Button
        variant="ghost"
        size="sm"
        disabled={!info.hasPreviousPage}
        onClick={() => onPage(info.page - 1)}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden className="h-4 w-4" />
      </Button>
      {pages.map((p) => (
        <Button
          key={p}
          size="sm"
          variant={p === info.page ? 'primary' : 'secondary'}
          aria-current={p === info.page ? 'page' : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
          className="min-w-8"
        >
          {p}
        </Button>
      ))}
      <Button
        variant="ghost"
        size="sm"
        disabled={!info.hasNextPage}
        onClick={() => onPage(info.page + 1)}
        aria-label="Next page"
      >
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
      <span className="ml-2 text-xs text-vault-400">
        Page {info.page} of {info.totalPages}
        {info.totalExact ? '' : '+'}
      </span>
    </nav>
  );
}
