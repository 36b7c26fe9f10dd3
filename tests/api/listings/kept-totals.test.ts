import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, userIdOf } from '@tests/helpers/factories';
import type { ListingPage } from '@shared/api/listings';

// Past COUNT_CAP (1,000) the total is a lower bound; inserted with SQL (the reads never join encrypted_keys).
const ROWS = 1_100;
const KEEP_SECONDS = 1;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { LISTING_TOTALS_MAX_AGE_SECONDS: String(KEEP_SECONDS) } });
  const seller = await createAdmin(t);
  const sellerId = await userIdOf(t, seller);
  await t.database.query(
    `insert into addresses (address, seller_id, price, created_at)
     select 'KeptTotal' || lpad(i::text, 35, 'Z'), $1, 1, timestamptz '2026-01-01' + i * interval '1 minute'
     from generate_series(1, ${ROWS}) as i`,
    [sellerId],
  );
});
afterAll(() => t?.close());

async function search(query = ''): Promise<ListingPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/addresses/search?pageSize=20${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const listOnly = (n: number) =>
  t.database.query(
    `update addresses set is_listed = id in (select id from addresses order by created_at desc limit ${n})`,
  );

describe('search totals past the cap are kept for every caller', () => {
  it('reuses a capped total within LISTING_TOTALS_MAX_AGE_SECONDS, reads the rows afresh, and never keeps an exact one', async () => {
    expect((await search()).pagination).toMatchObject({ total: 1000, totalExact: false });
    await listOnly(5);
    // Kept: still "1,000+" (a lower bound), while the page itself is read now.
    const kept = await search();
    expect(kept.pagination).toMatchObject({ total: 1000, totalExact: false });
    expect(kept.addresses).toHaveLength(5);
    // Another sort of the same filter counts the same listings: it shares the kept total.
    expect((await search('&sortBy=price')).pagination).toMatchObject({ total: 1000, totalExact: false });

    await new Promise((r) => setTimeout(r, KEEP_SECONDS * 1000 + 100));
    expect((await search()).pagination).toMatchObject({ total: 5, totalExact: true });
    // An exact total is counted on every page, so it always agrees with the rows beside it.
    await listOnly(8);
    const exact = await search();
    expect(exact.pagination).toMatchObject({ total: 8, totalExact: true });
    expect(exact.addresses).toHaveLength(8);
  });
});
