import { ArrowUpDown, Search, X } from 'lucide-react';
import { Button } from '@web/components/button';
import { Input } from '@web/components/input';
import { Select } from '@web/components/select';
import { CATEGORY_FILTERS, isDefault, SORTS, STATUS_FILTERS, type ListingFilters } from './listing-sort';

/** A filter over a closed set whose first value, 'all', is the filter off. */
function AllOrOneSelect<T extends string>({
  name,
  label,
  all,
  values,
  value,
  onChange,
}: {
  /** The form field name (DevTools flags a field with neither id nor name). */
  name: string;
  label: string;
  /** What 'all' reads as. */
  all: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <Select
      name={name}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      className="capitalize sm:w-44"
    >
      {values.map((v) => (
        <option key={v} value={v}>
          {v === 'all' ? all : v.replace(/-/g, ' ')}
        </option>
      ))}
    </Select>
  );
}

const STATUS = { name: 'status', label: 'Status filter', all: 'All statuses', values: STATUS_FILTERS };
const CATEGORY = { name: 'category', label: 'Category filter', all: 'All categories', values: CATEGORY_FILTERS };

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
          name="search"
          aria-label="Search addresses"
          placeholder="Search addresses..."
          className="pl-9"
          value={filters.search}
          onChange={(e) => onChange({ search: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <AllOrOneSelect {...STATUS} value={filters.status} onChange={(status) => onChange({ status })} />
        <AllOrOneSelect {...CATEGORY} value={filters.category} onChange={(category) => onChange({ category })} />
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
