import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import type { Listing } from '@shared/api/listings';

let t: TestApp;
let user: SignedInWallet;
let other: SignedInWallet;
let seller: SignedInWallet;
const listings: Listing[] = [];
const ORIGIN = 'http://localhost:5000';

beforeAll(async () => {
  t = await createTestApp();
  [user, other, seller] = await Promise.all([createUser(t), createUser(t), createAdmin(t)]);
  for (const price of ['1', '2']) listings.push((await createListing(t, { seller, price })).listing);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

describe('watchlist', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/watchlist')).statusCode).toBe(401);
    expect((await call('PUT', `/api/watchlist/${listings[0]!.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/watchlist/${listings[0]!.id}`)).statusCode).toBe(401);
  });

  it('stars, lists newest first, is idempotent, unstars, and is per user', async () => {
    const [a, b] = listings as [Listing, Listing];
    expect((await call('GET', '/api/watchlist', user.cookie)).json()).toEqual({ addressIds: [] });
    expect((await call('PUT', `/api/watchlist/${a.id}`, user.cookie)).statusCode).toBe(200);
    const twice = await call('PUT', `/api/watchlist/${b.id}`, user.cookie);
    await call('PUT', `/api/watchlist/${b.id}`, user.cookie);
    expect(twice.json().addressIds).toHaveLength(2);
    expect((await call('GET', '/api/watchlist', user.cookie)).json().addressIds.sort()).toEqual([a.id, b.id].sort());
    expect((await call('GET', '/api/watchlist', other.cookie)).json()).toEqual({ addressIds: [] });

    const removed = await call('DELETE', `/api/watchlist/${a.id}`, user.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ addressIds: [b.id] });
    expect((await call('DELETE', `/api/watchlist/${a.id}`, user.cookie)).json()).toEqual({ addressIds: [b.id] });
  });

  it('GET /api/addresses/watched lists the starred listings themselves, newest star first', async () => {
    const [a, b] = listings as [Listing, Listing];
    expect((await call('GET', '/api/addresses/watched')).statusCode).toBe(401);
    await call('PUT', `/api/watchlist/${a.id}`, other.cookie);
    await call('PUT', `/api/watchlist/${b.id}`, other.cookie);
    const res = await call('GET', '/api/addresses/watched', other.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().addresses.map((l: Listing) => [l.id, l.price])).toEqual([
      [b.id, b.price],
      [a.id, a.price],
    ]);
    expect((await call('GET', '/api/addresses/watched', seller.cookie)).json()).toEqual({ addresses: [] });
    await call('DELETE', `/api/watchlist/${a.id}`, other.cookie);
    await call('DELETE', `/api/watchlist/${b.id}`, other.cookie);
  });

  it('refuses a malformed or unknown listing id', async () => {
    const bad = await call('PUT', '/api/watchlist/not-a-uuid', user.cookie);
    expect(bad.statusCode).toBe(400);
    const unknown = await call('PUT', '/api/watchlist/00000000-0000-4000-8000-000000000000', user.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'LISTING_NOT_FOUND' });
  });
});

describe('GET /api/addresses/{id}/price-history', () => {
  it('starts with the listing price and follows repricing', async () => {
    const listing = listings[0]!;
    const first = await call('GET', `/api/addresses/${listing.id}/price-history`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().points).toEqual([
      expect.objectContaining({ price: '1', currency: 'SOL', changeType: 'listed' }),
    ]);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${listing.id}`,
      headers: { origin: ORIGIN, cookie: seller.cookie },
      payload: { price: '1.25' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const points = (await call('GET', `/api/addresses/${listing.id}/price-history`)).json().points;
    expect(points.map((p: { price: string }) => p.price)).toEqual(['1', '1.25']);
    expect(points[1].changeType).toBe('price_change');
  });

  it('answers 404 for an unknown listing', async () => {
    const res = await call('GET', '/api/addresses/00000000-0000-4000-8000-000000000000/price-history');
    expect(res.statusCode).toBe(404);
  });
});
