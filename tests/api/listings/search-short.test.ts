import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, ListingPage } from '@shared/api/listings';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, listingTableCounts, userIdOf } from '@tests/helpers/factories';

/*
 * Search from 1 character where the text is anchored ("Starts with", "Ends with") and from 2 anywhere,
 * so the demo shop's 2-character listings (69, 42, 99) can be found. Such text has no trigram to look up: its page
 * is read in sort order and counted only as far as the page buttons need (decision 0004). Rows are inserted with SQL
 * (the reads never join encrypted_keys) so each address is known: 'A…' and '…z' ones, and a '69' prefix listing.
 */
const ROWS = 300;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createAdmin(t);
  const sellerId = await userIdOf(t, seller);
  // i % 3 = 0: starts with 'Q'; = 1: ends with 'w'; = 2: neither. Every 10th has '69' at the start instead.
  await t.database.query(
    `insert into addresses (address, seller_id, price, pattern, pattern_position, created_at)
     select case when i % 10 = 5 then '69' || lpad(i::text, 40, 'x') || 'kk'
                 when i % 3 = 0 then 'Q' || lpad(i::text, 41, 'x') || 'kk'
                 when i % 3 = 1 then 'k' || lpad(i::text, 41, 'x') || 'kw'
                 else 'k' || lpad(i::text, 41, 'x') || 'kk' end,
            $1, 1 + (i % 7), case when i % 10 = 5 then '69' end, case when i % 10 = 5 then 'prefix' end,
            timestamptz '2026-01-01' + i * interval '1 minute'
     from generate_series(1, ${ROWS}) as i`,
    [sellerId],
  );
  await t.database.query('analyze addresses');
});
afterAll(() => t?.close());

async function search(params: Record<string, string>): Promise<ListingPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/addresses/search?${new URLSearchParams(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every address the search finds, page by page. */
async function allFound(params: Record<string, string>): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const res = await search({ ...params, page: String(page), pageSize: '100' });
    found.push(...res.addresses.map((a: Listing) => a.address));
    if (!res.pagination.hasNextPage) return found;
  }
}

async function expectedAddresses(where: string): Promise<string[]> {
  const rows = await t.database.query<{ address: string }>(
    `select address from addresses where is_listed and status <> 'deleted' and ${where}`,
  );
  return rows.map((r) => r.address);
}

describe('GET /api/addresses/search with short text', () => {
  it('finds every address that starts with one character, case-insensitively, and none that does not', async () => {
    const found = await allFound({ query: 'q', position: 'start' });
    const want = await expectedAddresses(`address ilike 'q%'`);
    expect(want.length).toBeGreaterThan(50);
    expect(found.sort()).toEqual(want.sort());
  });

  it('finds every address that ends with one character', async () => {
    const found = await allFound({ query: 'w', position: 'end' });
    const want = await expectedAddresses(`address ilike '%w'`);
    expect(want.length).toBeGreaterThan(50);
    expect(found.sort()).toEqual(want.sort());
  });

  it('finds a 2-character pattern anywhere (the demo shop sells 69, 42 and 99)', async () => {
    const found = await allFound({ query: '69' });
    const want = await expectedAddresses(`(address ilike '%69%' or pattern ilike '%69%')`);
    expect(want.length).toBeGreaterThanOrEqual(30);
    expect(found.sort()).toEqual(want.sort());
    expect(found.every((a) => a.includes('69'))).toBe(true);
  });

  it('a position with no text finds the listings whose pattern sits there (the position acts on its own)', async () => {
    await t.database.query(
      `update addresses set pattern = 'kw', pattern_position = 'suffix' where address like 'k%kw'`,
    );
    const starts = await allFound({ position: 'start' });
    const prefixes = await expectedAddresses(`pattern_position = 'prefix'`);
    expect(prefixes.length).toBeGreaterThanOrEqual(30);
    expect(starts.sort()).toEqual(prefixes.sort());
    const ends = await allFound({ position: 'end' });
    const suffixes = await expectedAddresses(`pattern_position = 'suffix'`);
    expect(suffixes.length).toBeGreaterThan(0);
    expect(ends.sort()).toEqual(suffixes.sort());
    // Anywhere with no text is the whole market, as before.
    expect((await search({})).pagination.total).toBeGreaterThan(starts.length + ends.length);
  });

  it('counts short text only as far as the page buttons need, and says it stopped', async () => {
    const first = await search({ query: 'q', position: 'start' });
    expect(first.addresses).toHaveLength(20);
    // 100 match; counting stops past 3 pages of 20 (this page and the two ahead of it).
    expect(first.pagination).toMatchObject({ total: 60, totalExact: false, hasNextPage: true });
    const newestFirst = first.addresses.map((a: Listing) => a.createdAt);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
  });

  it('answers nothing, at once, for text no address can hold', async () => {
    for (const [query, position] of [
      ['0', 'start'],
      ['0', 'end'],
      ['q-', 'start'],
      ['0O', 'anywhere'],
    ] as const) {
      const res = await search({ query, position });
      expect(res.addresses, `${query} ${position}`).toEqual([]);
      expect(res.pagination).toMatchObject({ total: 0, totalExact: true });
    }
  });

  it('refuses text shorter than its position needs with 400, naming the rule, and changes nothing', async () => {
    const before = await listingTableCounts(t);
    for (const [query, position, message] of [
      ['a', 'anywhere', 'Search text needs at least 2 letters or digits in a row'],
      ['a b', 'anywhere', 'Search text needs at least 2 letters or digits in a row'],
      ['%', 'start', 'Search text needs at least 1 letter or digit'],
      ['-', 'end', 'Search text needs at least 1 letter or digit'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/addresses/search?${new URLSearchParams({ query, position })}`,
      });
      expect(res.statusCode, `${query} ${position}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain(message);
    }
    expect(await listingTableCounts(t)).toEqual(before);
  });
});
