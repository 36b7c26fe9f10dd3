import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, userIdOf } from '@tests/helpers/factories';
import { searchListingsQuerySchema, type Listing, type ListingPage } from '@shared/api/listings';
import { pageStatements, withValues } from '@server/modules/listings/listing-page.repository';
import { listingsRepository } from '@server/modules/listings/listings.repository';
import { searchFilter } from '@server/modules/listings/read-filters';

// Totals are counted up to 1,000 (COUNT_CAP), substring matches up to 5,000 (MATCH_CAP); these tests need more
// listings than that, so they are inserted with SQL (no keys: the reads never join encrypted_keys). Prices and
// creation times repeat, so ties are common.
const ROWS = 6_000;
// Every 50th is sold, deleted or unlisted: 120 each.
const FOR_SALE = ROWS - 360; // excludeSold=true
const FEW = 30; // rows whose pattern is 'FewWord' (i % 200 = 7, all for sale); the rest have 'CapWord'

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createAdmin(t);
  const sellerId = await userIdOf(t, seller);
  await t.database.query(
    `insert into addresses (address, seller_id, price, rarity_score, pattern, status, is_listed, deleted_at, created_at)
     select 'PagingTest' || lpad(i::text, 34, 'Z'), $1, (i % 7) + 1, (i % 10)::numeric,
            case when i % 200 = 7 then 'FewWord' else 'CapWord' end,
            case i % 50 when 0 then 'sold' when 1 then 'deleted' else 'available' end, i % 50 <> 2,
            case when i % 50 = 1 then now() end, timestamptz '2026-01-01' + (i / 3) * interval '1 minute'
     from generate_series(1, ${ROWS}) as i`,
    [sellerId],
  );
  // What autovacuum would do after such a load: the planner needs the statistics to see the patterns are rare.
  await t.database.query('analyze addresses');
});
afterAll(() => t?.close());

async function search(query: string): Promise<ListingPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/addresses/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The ids the search should return, in order, straight from SQL. */
async function expected(where: string, orderBy: string): Promise<string[]> {
  const rows = await t.database.query<{ id: string }>(
    `select id from addresses where is_listed and status <> 'deleted' and ${where} order by ${orderBy}`,
  );
  return rows.map((r) => r.id);
}

const ids = (page: ListingPage) => page.addresses.map((a: Listing) => a.id);

describe('GET /api/addresses/search past the count cap', () => {
  it('reports a capped total as a lower bound, with a next page', async () => {
    const { pagination } = await search('page=1&pageSize=20');
    expect(pagination).toEqual({
      page: 1,
      pageSize: 20,
      total: 1000,
      totalExact: false,
      totalPages: 51,
      hasNextPage: true,
      hasPreviousPage: false,
    });
  });

  it('counts far enough for the page buttons of a deep page, and exactly near the end', async () => {
    // Page 50 of 20: counted to 50 + 2 pages ahead (1,040), and there are more.
    const deep = await search('excludeSold=false&page=50&pageSize=20');
    expect(deep.pagination).toMatchObject({ total: 1040, totalExact: false, totalPages: 53, hasNextPage: true });
    const lastPage = Math.ceil(FOR_SALE / 20);
    const last = await search(`excludeSold=true&page=${lastPage}&pageSize=20`);
    expect(last.pagination).toMatchObject({ total: FOR_SALE, totalExact: true, totalPages: lastPage });
    expect(last.pagination.hasNextPage).toBe(false);
    expect(last.addresses).toHaveLength(FOR_SALE - (lastPage - 1) * 20);
    // 500 a page: counted to three pages (1,500); 100 a page: to the cap.
    const big = await search('excludeSold=false&page=1&pageSize=500');
    expect(big.pagination).toMatchObject({ total: 1500, totalExact: false, totalPages: 4 });
    const hundred = await search('excludeSold=false&page=1&pageSize=100');
    expect(hundred.pagination).toMatchObject({ total: 1000, totalExact: false, totalPages: 11 });
  });

  it('pages through ties without overlap or gaps, in both directions', async () => {
    for (const [sortBy, column] of [
      ['price', 'price'],
      ['createdAt', 'created_at'],
      ['rarityScore', 'rarity_score'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const pages: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await search(`excludeSold=true&sortBy=${sortBy}&sortOrder=${order}&pageSize=500&page=${page}`);
          pages.push(...ids(res));
        }
        const want = await expected(`status <> 'sold'`, `${column} ${order}, id ${order}`);
        expect(pages, `${sortBy} ${order}`).toEqual(want.slice(0, 1500));
      }
    }
  });
});

describe('substring search past and under the match cap', () => {
  it('pages a common substring in sort order, with a capped total', async () => {
    const page = await search('query=capword&excludeSold=true&page=2&pageSize=20');
    expect(page.pagination).toMatchObject({ total: 5000, totalExact: false, hasNextPage: true });
    const want = await expected(`status <> 'sold' and pattern ilike '%capword%'`, 'created_at desc, id desc');
    expect(ids(page)).toEqual(want.slice(20, 40));
  });

  it('pages a rare substring from its matches, exactly, in every sort', async () => {
    for (const [sortBy, column] of [
      ['price', 'price'],
      ['createdAt', 'created_at'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const want = await expected(`pattern ilike '%fewword%'`, `${column} ${order}, id ${order}`);
        expect(want).toHaveLength(FEW);
        const first = await search(`query=FEWWORD&sortBy=${sortBy}&sortOrder=${order}&pageSize=20&page=1`);
        const second = await search(`query=FEWWORD&sortBy=${sortBy}&sortOrder=${order}&pageSize=20&page=2`);
        expect([...ids(first), ...ids(second)], `${sortBy} ${order}`).toEqual(want);
        expect(second.pagination).toMatchObject({
          total: want.length,
          totalExact: true,
          totalPages: 2,
          hasNextPage: false,
        });
      }
    }
    const past = await search('query=fewword&page=3&pageSize=20');
    expect(past.addresses).toEqual([]);
    expect(past.pagination).toMatchObject({ totalExact: true, hasPreviousPage: true, hasNextPage: false });
  });
});

describe('query plans', () => {
  /**
   * EXPLAIN with sequential scans (and the `off` planner methods) forbidden: which indexes can serve the statement
   * (the table here is small).
   */
  async function plan(query: SQLWrapper, values?: Record<string, unknown>, off: string[] = []): Promise<string> {
    return t.database.db.transaction(async (tx) => {
      for (const method of ['enable_seqscan', ...off]) await tx.execute(sql.raw(`SET LOCAL ${method} = off`));
      const statement = values
        ? withValues(query as unknown as Parameters<typeof withValues>[0], values)
        : query.getSQL();
      const result = await tx.execute(sql`EXPLAIN ${statement}`);
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const statements = (query: Record<string, string>) =>
    pageStatements(t.database.db, searchFilter(searchListingsQuerySchema.parse({ excludeSold: 'true', ...query })));

  it('reads each sort from its partial index, in either direction, and counts from the default one', async () => {
    for (const [query, index] of [
      [{}, 'addresses_market_created_idx'],
      [{ sortOrder: 'asc' }, 'addresses_market_created_idx'],
      [{ sortBy: 'price', sortOrder: 'asc' }, 'addresses_market_price_idx'],
      [{ sortBy: 'price' }, 'addresses_market_price_idx'],
      [{ sortBy: 'rarityScore', excludeSold: 'false' }, 'addresses_market_rarity_idx'],
    ] as const) {
      const q = statements(query);
      const page = await plan(q.orderedCounted, q.values);
      expect(page, JSON.stringify(query)).toContain(index);
      // The index yields the order: no sort of the whole marketplace.
      expect(page, JSON.stringify(query)).not.toMatch(/Sort Key/);
      // The count beside it: the first entries of the default sort's index.
      expect(await plan(q.count, q.values), JSON.stringify(query)).toContain('addresses_market_created_idx');
      expect(page, JSON.stringify(query)).toMatch(/InitPlan[\s\S]*addresses_market_created_idx/);
    }
  });

  it("collects an anchored search's matches with their sort keys from its own index alone (index-only)", async () => {
    await t.database.db.execute(sql`VACUUM addresses`);
    for (const [query, index] of [
      [{ query: 'abc', position: 'start' }, 'addresses_market_address_lower_idx'],
      [{ query: 'abc', position: 'end', sortBy: 'price' }, 'addresses_market_address_reversed_idx'],
      [
        { query: 'abc', position: 'start', sortBy: 'rarityScore', excludeSold: 'false' },
        'addresses_market_address_lower_idx',
      ],
    ] as const) {
      const q = statements(query);
      // Bitmap scans off too, and the table vacuumed (its pages all visible, as autovacuum keeps a settled table):
      // the planner then takes an index-only scan wherever one can serve the statement. 0015's indexes could not:
      // they lacked status, the sort keys and the address their expression is computed from.
      const explained = await plan(q.matchedPage, q.values, ['enable_bitmapscan']);
      expect(explained, JSON.stringify(query)).toContain(`Index Only Scan using ${index}`);
    }
  });

  // (Substring matches through both trigram indexes: tests/api/db/schema.test.ts. On a table this small the planner
  // rightly prefers a bitmap of the whole partial index to the trigram lookups, so it is checked there without one.)
  it('finds featured listings through their own partial index', async () => {
    // featured() is typed as the promise it is used as; the query builder behind it can still be explained.
    const featured = listingsRepository.featured(t.database.db, 24) as unknown as SQLWrapper;
    expect(await plan(featured)).toContain('addresses_featured_idx');
  });
});
