import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, hasFilters, readView, writeView } from './url-state';

const read = (search: string) => readView(new URLSearchParams(search));

describe('marketplace URL state', () => {
  it('reads every parameter and writes it back the same', () => {
    const search =
      'q=sol&sort=price&dir=asc&page=2&size=50&pos=start&category=word-like&minLen=4&maxLen=6&minPrice=1.5&maxPrice=10&tier=rare';
    const view = read(search);
    expect(view).toEqual({
      q: 'sol',
      sort: 'price',
      dir: 'asc',
      page: 2,
      size: 50,
      pos: 'start',
      category: 'word-like',
      minLen: 4,
      maxLen: 6,
      minPrice: '1.5',
      maxPrice: '10',
      tier: 'rare',
    });
    expect(writeView(view).toString()).toBe(search);
    expect(hasFilters(view)).toBe(true);
  });

  it('an empty URL is the spec default view, and the default view writes an empty URL', () => {
    expect(read('')).toEqual(DEFAULT_VIEW);
    expect(DEFAULT_VIEW).toMatchObject({ q: '', sort: 'createdAt', dir: 'desc', page: 1, size: 20, pos: 'anywhere' });
    expect(writeView(DEFAULT_VIEW).toString()).toBe('');
    expect(hasFilters(DEFAULT_VIEW)).toBe(false);
  });

  it('unreadable values fall back to their defaults, one by one, and leave the rest', () => {
    const view = read(
      'q=moon&sort=owner&dir=up&page=-3&size=33&pos=middle&category=rare&minLen=0&maxLen=99&minPrice=-1&maxPrice=abc&tier=legend',
    );
    expect(view).toEqual({ ...DEFAULT_VIEW, q: 'moon' });
    expect(read('page=2.5&size=100').page).toBe(1);
    expect(read('page=2.5&size=100').size).toBe(100);
    expect(read('minPrice=0.123456789').minPrice).toBeUndefined();
    // A range upside down keeps its minimum (the API would refuse both).
    expect(read('minLen=6&maxLen=4')).toMatchObject({ minLen: 6, maxLen: undefined });
    expect(read('minPrice=5&maxPrice=1')).toMatchObject({ minPrice: '5', maxPrice: undefined });
  });
});

describe('the seller view', () => {
  const wallet = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
  it('keeps a seller wallet in the URL as a filter, and drops anything that is not a wallet', () => {
    const view = read(`seller=${wallet}&sort=price`);
    expect(view).toMatchObject({ seller: wallet, sort: 'price' });
    expect(hasFilters(view)).toBe(true);
    expect(writeView(view).toString()).toBe(`sort=price&seller=${wallet}`);
    expect(read('seller=not-a-wallet').seller).toBeUndefined();
    expect(read('seller=0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl').seller).toBeUndefined();
  });
});
