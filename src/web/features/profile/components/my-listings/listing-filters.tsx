import { ArrowUpDown, Search, X } from 'lucide-react';
import { Button } from '@web/components/button';
import { Input } from '@web/components/input';
import { Select } from '@web/components/select';
import { CATEGORY_FILTERS, isDefault, SORTS, STATUS_FILTERS, type ListingFilters } from './listing-sort';

const label = (value: string) => (value === 'all' ? 'All' : value.replace(/-/g, ' '));

export function ListingFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: ListingFilters;
  onChange: (next: Partial<ListingFilters>) => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-vault-400"
        />
        <Input
          type="search"
          aria-label="Search addresses"
          placeholder="Search addresses..."
          className="pl-9"
          value={filters.search}
          onChange={(e) => onChange({ search: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <Select
          aria-label="Status filter"
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value as ListingFilters['status'] })}
          className="capitalize sm:w-44"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? 'All statuses' : label(s)}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Category filter"
          value={filters.category}
          onChange={(e) => onChange({ category: e.target.value as ListingFilters['category'] })}
          className="capitalize sm:w-44"
        >
          {CATEGORY_FILTERS.map((c) => (
            <option key={c} value={c}>
              {c === 'all' ? 'All categories' : label(c)}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          aria-label={`Sort: ${SORTS[filters.sort]?.label}. Change sort`}
          onClick={() => onChange({ sort: (filters.sort + 1) % SORTS.length })}
        >
          <ArrowUpDown aria-hidden className="h-4 w-4" />
          {SORTS[filters.sort]?.label}
        </Button>
        {!isDefault(filters) && (
          <Button variant="ghost" onClick={onClear}>
            <X aria-hidden className="h-4 w-4" /> Clear All Filters
          </Button>
        )}
      </div>
    </div>
  );
}
