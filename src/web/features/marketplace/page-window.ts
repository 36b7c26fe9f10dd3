/** docs/product-spec.md#constants-and-limits: at most 5 page buttons, windowed around the current page. */
export const MAX_PAGE_BUTTONS = 5;

export function pageWindow(current: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 1) return [];
  const size = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export type SortOrder = 'asc' | 'desc';

/**
 * Where a field's sort starts, the way a buyer reads it: price cheapest first (as on Magic Eden and
 * Tensor), anything else highest or newest first.
 */
export const firstSortOrder = (field: string): SortOrder => (field === 'price' ? 'asc' : 'desc');

/** Clicking the active field flips its direction; a new field starts at `firstSortOrder`. */
export function nextSort<F extends string>(
  current: { sortBy: F; sortOrder: SortOrder },
  field: F,
): { sortBy: F; sortOrder: SortOrder } {
  if (current.sortBy === field) return { sortBy: field, sortOrder: current.sortOrder === 'desc' ? 'asc' : 'desc' };
  return { sortBy: field, sortOrder: firstSortOrder(field) };
}
