import { isSearchableText } from '@shared/api/listings';
import { useState } from 'react';
import type { SearchListingsInput, SortField } from './api/search-listings';
import { nextSort } from './page-window';
import { useDebouncedValue } from './use-debounced-value';

export const PAGE_SIZES = [20, 50, 100, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The marketplace's controls. Changing the search text, page size or sort goes back to page 1 (spec §4): the page
 * is remembered together with the settings it was chosen under, so any change of those reads as page 1.
 */
export function useMarketplaceState() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const [pageSize, setPageSizeState] = useState<PageSize>(20);
  const [sort, setSort] = useState<{ sortBy: SortField; sortOrder: 'asc' | 'desc' }>({
    sortBy: 'createdAt',
    sortOrder: 'desc',
  });
  const settings = `${query}|${pageSize}|${sort.sortBy}|${sort.sortOrder}`;
  const [chosen, setChosen] = useState({ page: 1, settings });
  const page = chosen.settings === settings ? chosen.page : 1;

  // Fewer than 3 letters or digits cannot be searched (the server refuses it): the box says so, the list stays whole.
  const input: SearchListingsInput = { query: isSearchableText(query) ? query : undefined, page, pageSize, ...sort };
  return {
    input,
    search,
    setSearch,
    clearSearch: () => setSearch(''),
    setPage: (next: number) => setChosen({ page: next, settings }),
    setPageSize: (next: PageSize) => setPageSizeState(next),
    toggleSort: (field: SortField) => setSort((current) => nextSort(current, field)),
  };
}
