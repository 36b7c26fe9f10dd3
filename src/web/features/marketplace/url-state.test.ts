import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_PATTERN_LENGTH,
  POSITION_VALUES,
  RARITY_TIER_VALUES,
  searchFilterFields,
} from '@shared/api/search-filters';
import { CATEGORIES } from '@shared/domain-values';
import { DEFAULT_VIEW, PAGE_SIZES, SORT_FIELDS, hasFilters, readView, writeView } from './url-state';

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

describe('the URL reader against the Zod schema it replaced (kept out of the first render)', () => {
  const length = z.coerce.number().int().min(1).max(MAX_PATTERN_LENGTH).optional().catch(undefined);
  const price = searchFilterFields.minPrice.catch(undefined);
  const urlSchema = z.object({
    q: z.string().max(100).catch(''),
    sort: z.enum(SORT_FIELDS).catch('createdAt'),
    dir: z.enum(['asc', 'desc']).catch('desc'),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    size: z.coerce
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
      .catch(20),
    pos: z.enum(POSITION_VALUES).catch('anywhere'),
    category: z.enum(CATEGORIES).optional().catch(undefined),
    minLen: length,
    maxLen: length,
    minPrice: price,
    maxPrice: price,
    tier: z.enum(RARITY_TIER_VALUES).optional().catch(undefined),
    seller: searchFilterFields.seller.catch(undefined),
  });
  const values = {
    q: ['sol', 'x'.repeat(100), 'x'.repeat(101), ' a b ', 'ÿ'],
    sort: ['price', 'rarityScore', 'createdAt', 'Price', 'owner'],
    dir: ['asc', 'desc', 'ASC', 'up'],
    page: ['1', '2', ' 3 ', '2.5', '-3', '0', '1e3', '0x10', '1000000', '1000001', 'Infinity', 'abc', '+4'],
    size: ['20', '50', '100', '500', '33', ' 50 ', '5e1', '0x14', 'Infinity'],
    pos: ['anywhere', 'start', 'end', 'middle'],
    category: [...CATEGORIES, 'rare'],
    minLen: ['1', '44', '45', '0', '4.0', ' 6', '1e1', '0b11', 'NaN'],
    maxLen: ['1', '44', '99', '-1', '6'],
    minPrice: ['1.5', '0', '0,5', '.5', ' 2 ', '-1', 'abc', '0.123456789', '1'.repeat(33), '1e3', '1000000000'],
    maxPrice: ['10', '0.1', '5,25', 'abc', ''],
    tier: [...RARITY_TIER_VALUES, 'legend', 'Rare'],
    seller: [
      '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
      ' 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU ',
      'not-a-wallet',
    ],
  };

  it('reads every value of every parameter as the schema did', () => {
    for (const [key, list] of Object.entries(values)) {
      for (const value of list) {
        const raw = value === '' ? {} : { [key]: value };
        const view = readView(new URLSearchParams([[key, value]]));
        expect({ key, value, view: { ...view } }).toEqual({ key, value, view: urlSchema.parse(raw) });
      }
    }
    expect(DEFAULT_VIEW).toEqual(urlSchema.parse({}));
  });
});
