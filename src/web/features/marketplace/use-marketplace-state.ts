import { isSearchableText } from '@shared/api/search-text';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { SearchListingsInput } from './api/search-listings';
import { nextSort } from './page-window';
import { DEFAULT_VIEW, FILTER_KEYS, readView, writeView, type MarketplaceView, type SortField } from './url-state';

export { PAGE_SIZES, type PageSize } from './url-state';
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The marketplace's controls, kept in the URL (url-state.ts). A change of anything but the page goes back to
 * page 1 (docs/product-spec.md#filters-and-pages). Choosing a sort, filter, page size or page is a history entry (back
 * undoes it); typing in the search box replaces the current entry once the typing pauses, so back does not step through
 * every keystroke.
 */
export function useMarketplaceState() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);

  // The box shows what is typed at once; the URL follows after a pause. Back/forward (or a link) that changes q
  // from outside puts the URL's text back in the box.
  const [search, setSearchText] = useState(view.q);
  const [shownQ, setShownQ] = useState(view.q);
  if (view.q !== shownQ) {
    setShownQ(view.q);
    setSearchText(view.q);
  }

  const update = useCallback(
    (change: Partial<MarketplaceView>, replace = false) => {
      // The address bar, not this render's params: a debounced search may land after other changes.
      const current = new URLSearchParams(window.location.search);
      const next = writeView({ ...readView(current), page: 1, ...change });
      // Choosing what is already chosen adds no history entry (back would seem to do nothing).
      if (next.toString() === writeView(readView(current)).toString()) return;
      setParams(next, { replace });
    },
    [setParams],
  );

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const setSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setShownQ(text.trim());
      update({ q: text.trim() }, true);
    }, SEARCH_DEBOUNCE_MS);
  };

  // Text shorter than its position needs (1 letter or digit anchored, 2 anywhere) cannot be searched (the server
  // refuses it): the box says so, the list stays whole.
  const query = isSearchableText(view.q, view.pos) ? view.q : undefined;
  const input: SearchListingsInput = {
    query,
    page: view.page,
    pageSize: view.size,
    sortBy: view.sort,
    sortOrder: view.dir,
    position: view.pos,
    category: view.category,
    minLength: view.minLen,
    maxLength: view.maxLen,
    minPrice: view.minPrice,
    maxPrice: view.maxPrice,
    tier: view.tier,
    seller: view.seller,
  };
  return {
    view,
    input,
    search,
    setSearch,
    clearSearch: () => {
      clearTimeout(timer.current);
      setSearchText('');
      update({ q: '' });
    },
    setPage: (page: number) => update({ page }),
    setPageSize: (size: MarketplaceView['size']) => update({ size }),
    toggleSort: (field: SortField) => {
      const next = nextSort({ sortBy: view.sort, sortOrder: view.dir }, field);
      update({ sort: next.sortBy, dir: next.sortOrder });
    },
    setFilters: (change: Partial<Pick<MarketplaceView, (typeof FILTER_KEYS)[number]>>) => update(change),
    clearFilters: () => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, DEFAULT_VIEW[k]]))),
  };
}
