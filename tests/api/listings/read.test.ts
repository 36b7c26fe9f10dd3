import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import type { Listing } from '@shared/api/listings';

let t: TestApp;
let seller: SignedInWallet;
const made: Listing[] = [];

beforeAll(async () => {
  t = await createTestApp();
  seller = await createAdmin(t);
  for (const price of ['1', '3', '2', '0.5', '10']) made.push((await createListing(t, { seller, price })).listing);
  made.push((await createListing(t, { seller, price: '4', promotionType: 'featured' })).listing);
  made.push((await createListing(t, { seller, price: '6', isListed: false })).listing);
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/addresses/search', () => {
  it('lists listed addresses newest first with pagination and USD at the fallback rate', async () => {
    const res = await get('/api/addresses/search?excludeSold=true&page=1&pageSize=20');
    expect(res.statusCode, res.body).toBe(200);
    const { addresses, pagination } = res.json();
    expect(pagination).toEqual({
      page: 1,
      pageSize: 20,
      total: 6,
      totalExact: true,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(addresses.map((a: Listing) => a.id)).toEqual(
      made
        .slice(0, 6)
        .map((l) => l.id)
        .reverse(),
    );
    expect(addresses[0]).toMatchObject({ price: '4', usdPrice: 788, formattedUsd: '$788.00' });
    expect(addresses[0]).not.toHaveProperty('isOwner'); // the browser decides from sellerWallet (decision 0004)
    expect(res.body).not.toMatch(/privateKey|encrypted/i);
  });

  it('sorts by price both ways, naming the seller wallet', async () => {
    const asc = (await get('/api/addresses/search?sortBy=price&sortOrder=asc', seller.cookie)).json();
    expect(asc.addresses.map((a: Listing) => a.price)).toEqual(['0.5', '1', '2', '3', '4', '10']);
    expect(asc.addresses.every((a: Listing) => a.sellerWallet === seller.walletAddress)).toBe(true);
    const desc = (await get('/api/addresses/search?sortBy=price&sortOrder=desc')).json();
    expect(desc.addresses.map((a: Listing) => a.price)).toEqual(['10', '4', '3', '2', '1', '0.5']);
  });

  it('finds a substring of the address, case-insensitively, and treats % and _ literally', async () => {
    const target = made[2]!;
    const part = target.address.slice(10, 16).toLowerCase();
    const res = (await get(`/api/addresses/search?query=${encodeURIComponent(part)}`)).json();
    expect(res.addresses.map((a: Listing) => a.id)).toContain(target.id);
    expect(res.pagination).toMatchObject({ totalExact: true });
    for (const literal of [`${part}%`, `${part.slice(0, 3)}_${part.slice(4)}`]) {
      const none = (await get(`/api/addresses/search?query=${encodeURIComponent(literal)}`)).json();
      expect(none.pagination.total, literal).toBe(0);
    }
  });

  it("finds a substring of the listing's pattern too", async () => {
    const target = made[3]!;
    // A pattern that is not part of the address: only the pattern side of the OR can match it.
    await t.database.query("update addresses set pattern = 'Vault9Word' where id = $1", [target.id]);
    const res = (await get('/api/addresses/search?query=T9wO')).json();
    expect(res.addresses.map((a: Listing) => a.id)).toEqual([target.id]);
    expect(res.pagination).toMatchObject({ total: 1, totalExact: true });
  });

  it('refuses search text without 2 letters or digits in a row anywhere (it was 3)', async () => {
    for (const short of ['a', '%', 'a b c', '1-2-3']) {
      const res = await get(`/api/addresses/search?query=${encodeURIComponent(short)}`);
      expect(res.statusCode, short).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain('Search text needs at least 2 letters or digits in a row');
    }
    // Blank is no search at all; 2 in a row is enough, whatever surrounds them.
    expect((await get('/api/addresses/search?query=%20%20')).json().pagination.total).toBe(6);
    expect((await get('/api/addresses/search?query=a-b-ab')).statusCode).toBe(200);
    expect((await get('/api/addresses/search?query=ab')).statusCode).toBe(200);
  });

  it('pages with pageSize 20 and refuses other sizes', async () => {
    const page2 = (await get('/api/addresses/search?page=2&pageSize=20')).json();
    expect(page2.addresses).toEqual([]);
    // Past the end: no row to carry the count, which is then read on its own.
    expect(page2.pagination).toMatchObject({
      page: 2,
      total: 6,
      totalExact: true,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    for (const bad of ['pageSize=10', 'pageSize=abc', 'page=0', 'page=-1', 'sortBy=address', 'sortOrder=up']) {
      const res = await get(`/api/addresses/search?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/addresses/featured', () => {
  it('returns featured, listed, available listings only, and drops expired ones', async () => {
    const res = (await get('/api/addresses/featured')).json();
    expect(res.addresses.map((a: Listing) => a.id)).toEqual([made[5]!.id]);
    await t.database.query("update addresses set featured_until = now() - interval '1 minute' where id = $1", [
      made[5]!.id,
    ]);
    expect((await get('/api/addresses/featured')).json().addresses).toEqual([]);
    const detail = (await get(`/api/addresses/by-address/${made[5]!.address}`)).json();
    expect(detail).toMatchObject({ promotionType: 'standard', isFeatured: false, featuredUntil: null });
  });
});

describe('GET /api/addresses/by-address/{address}', () => {
  it('returns the listing, including unlisted ones, with soldAt', async () => {
    const res = await get(`/api/addresses/by-address/${encodeURIComponent(made[6]!.address)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: made[6]!.id, isListed: false, soldAt: null });
  });

  it('answers 404 LISTING_NOT_FOUND for an unknown address', async () => {
    const res = await get('/api/addresses/by-address/NoSuchAddress111111111111111111111');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'LISTING_NOT_FOUND', message: 'Address not found' });
  });
});

describe('GET /api/addresses/lookup/{address} (the address page)', () => {
  it('returns the same listing as by-address, and 200 with null for an unknown address', async () => {
    const address = encodeURIComponent(made[6]!.address);
    const res = await get(`/api/addresses/lookup/${address}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await get(`/api/addresses/by-address/${address}`)).json());
    const missing = await get('/api/addresses/lookup/NoSuchAddress111111111111111111111');
    expect(missing.statusCode).toBe(200);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect(missing.json()).toBeNull();
  });
});

describe('GET /api/addresses/user', () => {
  it("returns the session's own listings, listed or not, with filters and sorts", async () => {
    const res = await get(
      `/api/addresses/user?walletAddress=${seller.walletAddress}&page=1&pageSize=20&sortBy=price&sortOrder=asc`,
      seller.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().addresses.map((a: Listing) => a.price)).toEqual(['0.5', '1', '2', '3', '4', '6', '10']);
    const sold = (await get('/api/addresses/user?status=sold', seller.cookie)).json();
    expect(sold.pagination.total).toBe(0);
    const other = await createAdmin(t);
    expect((await get('/api/addresses/user', other.cookie)).json().pagination.total).toBe(0);
  });

  it('answers 401 without a session and 403 for another wallet', async () => {
    expect((await get(`/api/addresses/user?walletAddress=${seller.walletAddress}`)).statusCode).toBe(401);
    const user = await createUser(t);
    const res = await get(`/api/addresses/user?walletAddress=${seller.walletAddress}`, user.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('WALLET_MISMATCH');
  });
});

describe('GET /api/addresses/search?seller= (one seller, for "More from this seller")', () => {
  it("answers only that seller's listed listings, in the marketplace's order and with its filters", async () => {
    const other = await createAdmin(t);
    const theirs = [
      (await createListing(t, { seller: other, price: '7' })).listing,
      (await createListing(t, { seller: other, price: '8' })).listing,
    ];
    await createListing(t, { seller: other, price: '9', isListed: false });

    const res = await get(`/api/addresses/search?excludeSold=true&seller=${other.walletAddress}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().addresses.map((a: Listing) => a.id)).toEqual([theirs[1]!.id, theirs[0]!.id]);
    expect(res.json().pagination).toMatchObject({ total: 2, totalExact: true });
    expect(res.json().addresses.every((a: Listing) => a.sellerWallet === other.walletAddress)).toBe(true);

    // The first seller's six listed listings, not the unlisted one; with a price bound as well.
    const first = (await get(`/api/addresses/search?seller=${seller.walletAddress}`)).json();
    expect(first.pagination.total).toBe(6);
    expect(first.addresses.map((a: Listing) => a.id).sort()).toEqual(
      made
        .slice(0, 6)
        .map((l) => l.id)
        .sort(),
    );
    const cheap = (await get(`/api/addresses/search?seller=${seller.walletAddress}&maxPrice=1`)).json();
    expect(cheap.addresses.map((a: Listing) => a.price).sort()).toEqual(['0.5', '1']);
  });

  it('answers no listing for a wallet that sells nothing, and 400 for one that is not a wallet', async () => {
    const buyer = await createUser(t);
    const none = await get(`/api/addresses/search?seller=${buyer.walletAddress}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ addresses: [], pagination: { total: 0 } });
    for (const bad of ['not-a-wallet', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'x'.repeat(60)]) {
      const res = await get(`/api/addresses/search?seller=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('seller') });
    }
  });
});
