import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@web/components/button';
import { fieldClass } from '@web/components/input';
import { cn } from '@web/lib/cn';
import { SORT_FIELDS, type SortField } from '../api/search-listings';

const LABELS: Record<SortField, string> = { createdAt: 'Listed', price: 'Price', rarityScore: 'Rarity' };

/** Phones have no table headers: the same sort rules through a select and a direction button. */
export function MobileSort({
  sortBy,
  sortOrder,
  onSort,
}: {
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  onSort: (field: SortField) => void;
}) {
  const Icon = sortOrder === 'desc' ? ArrowDown : ArrowUp;
  return (
    <div className="flex items-center gap-2 text-sm whitespace-nowrap text-vault-300">
      <label htmlFor="mobile-sort">Sort by</label>
      <select
        id="mobile-sort"
        value={sortBy}
        onChange={(e) => onSort(e.target.value as SortField)}
        className={cn(fieldClass, 'h-9 w-auto!')}
      >
        {SORT_FIELDS.map((f) => (
          <option key={f} value={f}>
            {LABELS[f]}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        size="icon"
        aria-label={sortOrder === 'desc' ? 'Descending, switch to ascending' : 'Ascending, switch to descending'}
        onClick={() => onSort(sortBy)}
      >
        <Icon aria-hidden className="h-4 w-4" />
      </Button>
    </div>
  );
}
