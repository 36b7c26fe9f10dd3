import { Badge } from '@web/components/badge';
import { fieldClass } from '@web/components/input';
import { cn } from '@web/lib/cn';
import { PAGE_SIZES, type PageSize } from '../url-state';

export function Legend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-4 text-xs text-vault-300">
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="h-2.5 w-2.5 rounded-full bg-money-400" /> Featured Listings
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="h-2.5 w-2.5 rounded-full bg-premium-400" /> Premium Addresses
      </li>
    </ul>
  );
}

/** "1,234 addresses", or "1,000+ addresses" when the server stopped counting (`totalExact: false`). */
export function TotalBadge({ total, exact = true }: { total: number | undefined; exact?: boolean }) {
  // Before the first answer, an invisible badge keeps the row at its final height: without it the listings below
  // moved down 4 px when the total arrived (a layout shift of 0.067 on a desktop's first visit).
  if (total === undefined) {
    return (
      <Badge tone="money" aria-hidden className="invisible">
        0 addresses
      </Badge>
    );
  }
  return (
    <Badge tone="money" data-testid="total-count">
      {new Intl.NumberFormat('en-US').format(total)}
      {exact ? '' : '+'} {total === 1 && exact ? 'address' : 'addresses'}
    </Badge>
  );
}

export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (value: PageSize) => void }) {
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm whitespace-nowrap text-vault-300">
      Show
      <select
        name="pageSize"
        aria-label="Addresses per page"
        value={value}
        onChange={(e) => onChange(Number(e.target.value) as PageSize)}
        className={cn(fieldClass, 'h-9 w-auto! pr-8')}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      per page
    </label>
  );
}
