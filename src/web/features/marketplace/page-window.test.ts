import { describe, expect, it } from 'vitest';
import { nextSort, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('is empty for one page and windows five around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('nextSort', () => {
  it('toggles the active field and starts a new field descending, except price', () => {
    expect(nextSort({ sortBy: 'createdAt', sortOrder: 'desc' }, 'createdAt')).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'asc',
    });
    expect(nextSort({ sortBy: 'createdAt', sortOrder: 'asc' }, 'createdAt')).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    // Price starts cheapest first.
    expect(nextSort({ sortBy: 'createdAt', sortOrder: 'desc' }, 'price')).toEqual({
      sortBy: 'price',
      sortOrder: 'asc',
    });
    expect(nextSort({ sortBy: 'price', sortOrder: 'asc' }, 'price')).toEqual({ sortBy: 'price', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'price', sortOrder: 'asc' }, 'rarityScore')).toEqual({
      sortBy: 'rarityScore',
      sortOrder: 'desc',
    });
  });
});
