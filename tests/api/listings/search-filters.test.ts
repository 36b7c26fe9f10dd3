import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '@shared/api/listings';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { listingTableCounts, createAdmin, createListing } from '@tests/helpers/factories';

/*
 * The marketplace filters (docs/product-spec.md#filters-and-pages) on GET /api/addresses/search. The rarity engine
 * decides category, pattern length and score from the (random) address, so the test sets those columns itself to make
 * each filter's answer known.
 */
let t: TestApp;
const rows: Listing[] = [];
// [price, category, pattern length, rarity score]
const SEED = [
  ['1', 'palindrome', 3, '9.5'],
  ['2', 'word-like', 4, '8.2'],
  ['3', 'word-like', 5, '7.0'],
  ['4', 'cultural', 6, '6.4'],
  ['5', 'custom', 0, '3.9'],
  ['6', 'repeating', 8, '5.5'],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createAdmin(t);
  for (const [price, category, length, score] of SEED) {
    const { listing } = await createListing(t, { seller, price });
    await t.database.query('UPDATE addresses SET category = $2, pattern_length = $3, rarity_score = $4 WHERE id = $1', [
      listing.id,
      category,
      length,
      score,
    ]);
    rows.push(listing);
  }
});
afterAll(() => t?.close());

async function search(params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/addresses/search?${new URLSearchParams(params)}` });
  return res;
}
/** The prices of the listings a search answers, cheapest first (prices are unique here). */
async function prices(params: Record<string, string>): Promise<string[]> {
  const res = await search({ sortBy: 'price', sortOrder: 'asc', ...params });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().addresses.map((l: Listing) => l.price.replace(/\.0+$/, ''));
}

describe('search filters', () => {
  it('without filters answers every listing, as the spec does', async () => {
    expect(await prices({})).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('position: starts with, ends with, anywhere', async () => {
    const address = rows[2]!.address;
    const head = address.slice(0, 5);
    const tail = address.slice(-5);
    const middle = address.slice(10, 15);
    expect(await prices({ query: head, position: 'start' })).toEqual(['3']);
    expect(await prices({ query: tail, position: 'end' })).toEqual(['3']);
    // The beginning is not the end, and the middle is neither.
    expect(await prices({ query: head, position: 'end' })).not.toContain('3');
    expect(await prices({ query: middle, position: 'start' })).not.toContain('3');
    expect(await prices({ query: middle, position: 'end' })).not.toContain('3');
    expect(await prices({ query: middle, position: 'anywhere' })).toContain('3');
    expect(await prices({ query: middle })).toContain('3');
  });

  it('category', async () => {
    expect(await prices({ category: 'word-like' })).toEqual(['2', '3']);
    expect(await prices({ category: 'leading-zeros' })).toEqual([]);
  });

  it('pattern length range', async () => {
    expect(await prices({ minLength: '4', maxLength: '6' })).toEqual(['2', '3', '4']);
    expect(await prices({ minLength: '8' })).toEqual(['6']);
    expect(await prices({ maxLength: '3' })).toEqual(['1']);
  });

  it('price range, bounds included', async () => {
    expect(await prices({ minPrice: '2', maxPrice: '4' })).toEqual(['2', '3', '4']);
    expect(await prices({ minPrice: '5.5' })).toEqual(['6']);
    expect(await prices({ maxPrice: '1.00000000' })).toEqual(['1']);
  });

  it('rarity tier', async () => {
    // The one set of tier names (src/shared/rarity/tier.ts), the same the cards, table and address page show.
    expect(await prices({ tier: 'elite' })).toEqual(['1']);
    expect(await prices({ tier: 'rare' })).toEqual(['2']);
    expect(await prices({ tier: 'uncommon' })).toEqual(['3']);
    expect(await prices({ tier: 'notable' })).toEqual(['4']);
    expect(await prices({ tier: 'common' })).toEqual(['6']);
    expect(await prices({ tier: 'basic' })).toEqual(['5']);
  });

  it('combines filters, and counts what matches', async () => {
    const res = await search({ category: 'word-like', minPrice: '2.5' });
    expect(res.json().addresses.map((l: Listing) => l.id)).toEqual([rows[2]!.id]);
    expect(res.json().pagination).toMatchObject({ total: 1, totalExact: true, totalPages: 1 });
  });

  it('refuses bad filter values with 400 and changes nothing', async () => {
    const before = await listingTableCounts(t);
    for (const params of <Record<string, string>[]>[
      { position: 'middle' },
      { category: 'rare' },
      { minLength: '0' },
      { maxLength: '45' },
      { minLength: 'x' },
      { minPrice: '-1' },
      { maxPrice: '1.123456789' },
      { tier: 'legendary' },
      { tier: 'epic' }, // the table's old scale: one set of names now
      { tier: 'plus' },
      { minLength: '6', maxLength: '4' },
      { minPrice: '5', maxPrice: '1' },
    ]) {
      const res = await search(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().error).toMatch(/^[A-Z_]+$/);
      expect(res.json().message).toBeTruthy();
    }
    expect(await listingTableCounts(t)).toEqual(before);
  });

  it('the OpenAPI document carries the filter parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const names = doc.paths['/api/addresses/search'].get.parameters.map((p: { name: string }) => p.name);
    for (const name of ['position', 'category', 'minLength', 'maxLength', 'minPrice', 'maxPrice', 'tier']) {
      expect(names).toContain(name);
    }
  });
});
