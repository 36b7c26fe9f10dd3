import { CATEGORIES } from '@shared/domain-values';

/** docs/product-spec.md#profile: the sort button cycles through these, in this order. */
export const SORTS = [
  { label: 'Date (Recent)', sortBy: 'createdAt', sortOrder: 'desc' },
  { label: 'Date (Last)', sortBy: 'createdAt', sortOrder: 'asc' },
  { label: 'Price (High)', sortBy: 'price', sortOrder: 'desc' },
  { label: 'Price (Low)', sortBy: 'price', sortOrder: 'asc' },
  { label: 'Length (Long)', sortBy: 'patternLength', sortOrder: 'desc' },
  { label: 'Length (Short)', sortBy: 'patternLength', sortOrder: 'asc' },
] as const;

export const STATUS_FILTERS = ['all', 'available', 'sold', 'pending'] as const;
export const CATEGORY_FILTERS = ['all', ...CATEGORIES] as const;

export interface ListingFilters {
  search: string;
  status: (typeof STATUS_FILTERS)[number];
  category: (typeof CATEGORY_FILTERS)[number];
  sort: number;
}

export const DEFAULT_FILTERS: ListingFilters = { search: '', status: 'all', category: 'all', sort: 0 };

export const isDefault = (f: ListingFilters) =>
  f.search === '' && f.status === 'all' && f.category === 'all' && f.sort === 0;

/** Up to 5 page numbers windowed around the current page (docs/product-spec.md#constants-and-limits). */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
