import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { featuredListingsSchema, listingPageSchema, type Listing } from '@shared/api/listings';

// The production cache of anonymous search and featured answers (public-read-cache.ts), switched on: the other
// tests run with it off so they can read their own writes at once.
const MAX_AGE_SECONDS = 60;

let t: TestApp;
let seller: SignedInWallet;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_LISTINGS_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS) } });
  seller = await createAdmin(t);
  await createListing(t, { seller, price: '2', promotionType: 'featured' });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const SEARCH = '/api/addresses/search?excludeSold=true&page=1&pageSize=20';

async function get(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const idsOf = (body: string) => (JSON.parse(body) as { addresses: Listing[] }).addresses.map((a) => a.id);

describe('anonymous search and featured answers are kept for PUBLIC_LISTINGS_MAX_AGE_SECONDS', () => {
  it('serves a visitor without a session the kept answer, and signed-in callers a fresh one', async () => {
    const searchBefore = await get(SEARCH);
    const featuredBefore = await get('/api/addresses/featured');
    expect(idsOf(searchBefore.body)).toHaveLength(1);
    expect(idsOf(featuredBefore.body)).toHaveLength(1);

    const { listing: added } = await createListing(t, { seller, price: '3', promotionType: 'featured' });

    // Same bytes, still JSON, still the schema's shape.
    const searchKept = await get(SEARCH);
    expect(searchKept.body).toBe(searchBefore.body);
    expect(searchKept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(() => listingPageSchema.parse(searchKept.json())).not.toThrow();
    const featuredKept = await get('/api/addresses/featured');
    expect(featuredKept.body).toBe(featuredBefore.body);
    expect(() => featuredListingsSchema.parse(featuredKept.json())).not.toThrow();
    // The key is the parsed query: the defaults spelled out or left out ask the same question.
    expect((await get('/api/addresses/search')).body).not.toBe(searchBefore.body); // excludeSold defaults to false
    expect((await get('/api/addresses/search?pageSize=20&excludeSold=true')).body).toBe(searchBefore.body);
    // Another question is answered fresh.
    expect(idsOf((await get(`${SEARCH}&sortBy=price`)).body)).toContain(added.id);

    // The seller sees the new listing at once, as theirs; another signed-in wallet sees it too, not as theirs.
    const own = (await get(SEARCH, seller.cookie)).json() as { addresses: Listing[] };
    expect(own.addresses.map((a) => a.id)).toContain(added.id);
    expect(own.addresses.every((a) => a.isOwner)).toBe(true);
    const buyer = await createUser(t);
    const other = (await get('/api/addresses/featured', buyer.cookie)).json() as { addresses: Listing[] };
    expect(other.addresses.map((a) => a.id)).toContain(added.id);
    expect(other.addresses.some((a) => a.isOwner)).toBe(false);

    // Past the age, visitors get the new answer too.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MAX_AGE_SECONDS * 1000);
    expect(idsOf((await get(SEARCH)).body)).toContain(added.id);
    expect(idsOf((await get('/api/addresses/featured')).body)).toContain(added.id);
  });

  it('never keeps a signed-in answer for visitors: isOwner stays false for them', async () => {
    const url = `${SEARCH}&sortBy=rarityScore`;
    const own = (await get(url, seller.cookie)).json() as { addresses: Listing[] };
    expect(own.addresses.length).toBeGreaterThan(0);
    expect(own.addresses.every((a) => a.isOwner)).toBe(true);
    const anonymous = (await get(url)).json() as { addresses: Listing[] };
    expect(anonymous.addresses.map((a) => a.id)).toEqual(own.addresses.map((a) => a.id));
    expect(anonymous.addresses.some((a) => a.isOwner)).toBe(false);
  });

  it('answers concurrent identical requests alike, and still refuses bad input', async () => {
    const url = `${SEARCH}&sortOrder=asc`;
    const bodies = await Promise.all(Array.from({ length: 8 }, () => get(url).then((r) => r.body)));
    expect(new Set(bodies).size).toBe(1);
    expect(idsOf(bodies[0]!).length).toBeGreaterThan(0);
    for (const bad of ['?pageSize=7', '?query=ab', '?page=0', '?sortBy=address']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/addresses/search${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
