import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featuredListingsSchema, listingPageSchema, type Listing } from '@shared/api/listings';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { confirm, fund, initiate, initiateOk, pay } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';

// The production cache of the public marketplace reads (public-answers.ts, decision 0004), switched on: the other
// tests run with it off so they can read their own writes at once. Time moves by faking `Date`; each test asks
// its own questions, since answers kept at a faked later time outlive the test that faked it.
const MAX_AGE_SECONDS = 60;
const CACHE_CONTROL = `public, max-age=0, s-maxage=${MAX_AGE_SECONDS}, stale-while-revalidate=5`;

let seller: SignedInWallet;
let buyer: SignedInWallet;
let first: Listing;

const ctx = usePurchaseApp({
  env: {
    PUBLIC_LISTINGS_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
    MARKET_STATS_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
  },
});
beforeAll(async () => {
  seller = await createAdmin(ctx.t);
  buyer = await createUser(ctx.t);
  ({ listing: first } = await createListing(ctx.t, { seller, price: '2', promotionType: 'featured' }));
});
afterEach(() => {
  vi.useRealTimers();
});

const SEARCH = '/api/addresses/search?excludeSold=true&page=1&pageSize=20';

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Every caller-independent read (`config.callerIndependent`), with this file's listing. */
const publicReads = () => [
  `${SEARCH}&sortBy=rarityScore`,
  '/api/addresses/featured',
  `/api/addresses/by-address/${first.address}`,
  `/api/addresses/lookup/${first.address}`,
  `/api/addresses/${first.id}/activity`,
  `${SEARCH}&seller=${seller.walletAddress}`,
  '/api/market-stats',
  '/api/transactions/recent',
];

const idsOf = (body: string) => (JSON.parse(body) as { addresses: Listing[] }).addresses.map((a) => a.id);

function pastTheMaxAge() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + MAX_AGE_SECONDS * 1000);
}

describe('the public marketplace reads are the same bytes for every caller', () => {
  it('answers anonymous, the seller and another signed-in wallet alike, without isOwner', async () => {
    for (const url of publicReads()) {
      const [anonymous, own, other] = await Promise.all([
        get(url),
        get(url, { cookie: seller.cookie }),
        get(url, { cookie: buyer.cookie }),
      ]);
      expect(own.body, url).toBe(anonymous.body);
      expect(other.body, url).toBe(anonymous.body);
      expect(own.headers.etag, url).toBe(anonymous.headers.etag);
      expect(anonymous.headers['cache-control'], url).toBe(CACHE_CONTROL);
      expect(own.headers['cache-control'], url).toBe(CACHE_CONTROL);
      expect(anonymous.body, url).not.toContain('isOwner');
      expect(anonymous.body, url).not.toContain('unlistedReason');
    }
    // The browser tells its own listings from sellerWallet and its session.
    const page = listingPageSchema.parse((await get(`${SEARCH}&sortBy=rarityScore`)).json());
    expect(page.addresses.map((a) => a.sellerWallet)).toContain(seller.walletAddress);
  });

  it('does not look the caller up on them, unless the request names a wallet', async () => {
    // A session cookie the server does not know: any route that looks it up answers with a cookie that clears it.
    const unknown = seller.cookie.replace(/=.*$/, '=not-a-session-token');
    const looked = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/auth/session-status',
      headers: { cookie: unknown },
    });
    expect(looked.cookies.find((c) => c.value === '')?.maxAge).toBe(0);
    for (const url of publicReads()) {
      const res = await get(url, { cookie: unknown });
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe(CACHE_CONTROL);
    }
    // Naming a wallet still meets the wallet-match rule, which needs the session.
    const named = await ctx.t.app.inject({
      method: 'GET',
      url: `${SEARCH}&walletAddress=${buyer.walletAddress}`,
      headers: { cookie: seller.cookie },
    });
    expect(named.statusCode).toBe(403);
    expect(named.json().error).toBe('WALLET_MISMATCH');
    expect((await get(`${SEARCH}&walletAddress=${seller.walletAddress}`, { cookie: seller.cookie })).statusCode).toBe(
      200,
    );
  });

  it('keeps one answer for everybody for PUBLIC_LISTINGS_MAX_AGE_SECONDS, then answers anew', async () => {
    const before = await get(SEARCH);
    const featuredBefore = await get('/api/addresses/featured');
    expect(idsOf(before.body)).toContain(first.id);

    const { listing: added } = await createListing(ctx.t, { seller, price: '3', promotionType: 'featured' });

    // Same bytes, still JSON, still the schema's shape: for visitors and for the seller who just listed it.
    const kept = await get(SEARCH);
    expect(kept.body).toBe(before.body);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(() => listingPageSchema.parse(kept.json())).not.toThrow();
    expect((await get(SEARCH, { cookie: seller.cookie })).body).toBe(before.body);
    const featuredKept = await get('/api/addresses/featured', { cookie: seller.cookie });
    expect(featuredKept.body).toBe(featuredBefore.body);
    expect(() => featuredListingsSchema.parse(featuredKept.json())).not.toThrow();
    // The key is the parsed query: the defaults spelled out or left out ask the same question.
    expect((await get('/api/addresses/search?pageSize=20&excludeSold=true')).body).toBe(before.body);
    // Another question is answered fresh.
    expect(idsOf((await get(`${SEARCH}&sortBy=price`)).body)).toContain(added.id);

    pastTheMaxAge();
    expect(idsOf((await get(SEARCH, { cookie: seller.cookie })).body)).toContain(added.id);
    expect(idsOf((await get('/api/addresses/featured')).body)).toContain(added.id);
  });

  it('answers concurrent identical requests alike, and still refuses bad input', async () => {
    const url = `${SEARCH}&sortOrder=asc`;
    const bodies = await Promise.all(Array.from({ length: 8 }, () => get(url).then((r) => r.body)));
    expect(new Set(bodies).size).toBe(1);
    expect(idsOf(bodies[0]!).length).toBeGreaterThan(0);
    for (const bad of ['?pageSize=7', '?query=a', '?page=0', '?sortBy=address']) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/search${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers.etag, bad).toBeUndefined();
    }
    const missing = await ctx.t.app.inject({ method: 'GET', url: '/api/addresses/by-address/NoSuchAddress111' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

describe('the OpenAPI document, generated from the same schemas', () => {
  it("has no per-viewer field in the public listing shape, and unlistedReason in the seller's own list only", async () => {
    const doc = (await get('/api/docs/json')).json();
    const listingOf = (path: string) =>
      JSON.stringify(doc.paths[path].get.responses['200'].content['application/json'].schema);
    for (const path of ['/api/addresses/search', '/api/addresses/featured', '/api/addresses/by-address/{address}']) {
      expect(listingOf(path), path).toContain('sellerWallet');
      expect(listingOf(path), path).not.toMatch(/isOwner|unlistedReason/);
    }
    // The activity list says what happened, never who: exactly these fields.
    const activity = doc.paths['/api/addresses/{id}/activity'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(activity.properties.events.items.properties).sort()).toEqual(
      ['at', 'currency', 'kind', 'previousPrice', 'price', 'signature'].sort(),
    );
    expect(listingOf('/api/addresses/user')).toContain('unlistedReason');
  });
});

describe('a strong ETag, answered 304 while the bytes are the same', () => {
  it('answers If-None-Match with 304 and no body, and with 200 and a new tag once a change is past the age', async () => {
    const url = '/api/addresses/search?excludeSold=true&pageSize=50';
    const res = await get(url);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/); // strong: no W/
    expect((await get(url, { cookie: buyer.cookie })).headers.etag).toBe(etag);

    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const notModified = await ctx.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(notModified.statusCode, ifNoneMatch).toBe(304);
      expect(notModified.body, ifNoneMatch).toBe('');
      expect(notModified.headers.etag, ifNoneMatch).toBe(etag);
      expect(notModified.headers['cache-control'], ifNoneMatch).toBe(CACHE_CONTROL);
    }
    expect((await get(url, { 'if-none-match': '"something-else"' })).body).toBe(res.body);

    await createListing(ctx.t, { seller, price: '4' });
    const stillKept = await ctx.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(stillKept.statusCode).toBe(304);

    pastTheMaxAge();
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.headers.etag).not.toBe(etag);
    expect(idsOf(changed.body)).toHaveLength(idsOf(res.body).length + 1);
  });

  it('gives a compressed copy its own tag, and still answers 304 to it', async () => {
    const url = '/api/addresses/search?excludeSold=true&pageSize=100';
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(1024); // over the compression threshold
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    const revalidated = await ctx.t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
  });
});

describe('a listing bought or deleted leaves search within PUBLIC_LISTINGS_MAX_AGE_SECONDS', () => {
  it('keeps it in the kept answer at most that long, while buying it again is refused at once', async () => {
    const { listing: bought } = await createListing(ctx.t, { seller, price: '1' });
    const { listing: deleted } = await createListing(ctx.t, { seller, price: '1.25' });
    const url = '/api/addresses/search?excludeSold=true&sortBy=price&sortOrder=asc&pageSize=100';
    const before = await get(url);
    expect(idsOf(before.body)).toEqual(expect.arrayContaining([bought.id, deleted.id]));
    const activityUrl = `/api/addresses/${bought.id}/activity`;
    const activityBefore = await get(activityUrl);

    await fund(ctx.chain, buyer.walletAddress);
    const started = await initiateOk(ctx.t, buyer, bought);
    const txHash = await pay(ctx.chain, buyer, started.payment);
    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).json().status).toMatch(/verified|completed/);
    const removed = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${deleted.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);

    // Within the age the kept answer may still offer them; the purchase itself re-checks on the server.
    expect((await get(url)).body).toBe(before.body);
    const late = await createUser(ctx.t);
    expect((await initiate(ctx.t, late, bought)).json()).toMatchObject({ error: 'LISTING_NOT_AVAILABLE' });
    expect((await initiate(ctx.t, late, deleted)).json()).toMatchObject({ error: 'LISTING_NOT_FOUND' });

    // The activity list too: its sale shows once the kept answer is past its age.
    expect((await get(activityUrl)).body).toBe(activityBefore.body);

    pastTheMaxAge();
    const after = idsOf((await get(url)).body);
    expect(after).not.toContain(bought.id);
    expect(after).not.toContain(deleted.id);
    const kinds = (JSON.parse((await get(activityUrl)).body) as { events: { kind: string }[] }).events.map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['sold', 'reserved', 'listed']);
  });
});
