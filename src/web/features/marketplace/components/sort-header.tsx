import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortField } from '../api/search-listings';

export function SortHeader({
  field,
  label,
  sortBy,
  sortOrder,
  onSort,
  className,
}: {
  field: SortField;
  label: string;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  onSort: (field: SortField) => void;
  className?: string;
}) {
  const active = sortBy === field;
  const Icon = !active ? ArrowUpDown : sortOrder === 'desc' ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      aria-sort={active ? (sortOrder === 'desc' ? 'descending' : 'ascending') : 'none'}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded font-semibold tracking-wide uppercase hover:text-vault-100"
      >
        {label}
        <Icon aria-hidden className={active ? 'h-3.5 w-3.5 text-money-300' : 'h-3.5 w-3.5 opacity-60'} />
      </button>
    </th>
  );
}
