import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidQuote, CreatedBid, Offer } from '@shared/api/bids';
import type { Listing } from '@shared/api/listings';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser, type CreatedListing } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';

/*
 * Money is converted once per edge (docs/domain.md#money): the database's numeric(18,8) text ('0.50000000') is read as
 * lamports by the column type, and a response writes each amount once, as '0.5'. The browser shows these strings as
 * they come, so an amount that reached an answer as column text would show as such. These are the answers that once
 * passed the column's text through.
 */

/** The API's one form of a SOL amount: no trailing zeros, no exponent, no leading zeros. */
const SOL_TEXT = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

let t: TestApp;
let seller: SignedInWallet;
let buyer: SignedInWallet;
let created: CreatedListing;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createAdmin(t);
  buyer = await createUser(t);
  created = await createListing(t, { seller, price: '0.50' });
});
afterAll(() => t?.close());

const get = async <T>(url: string, who?: SignedInWallet): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('SOL amounts in answers', () => {
  it("writes a listing's price and estimated value once", async () => {
    const listing = await get<Listing>(`/api/addresses/by-address/${created.listing.address}`);
    expect(listing.price).toBe('0.5');
    expect(listing.estimatedValue).toMatch(SOL_TEXT);
  });

  it("writes the bid quote's matching stock at its price, not the column's text", async () => {
    const prefix = created.listing.address.slice(0, 2);
    const quote = await get<BidQuote>(`/api/bids/quote?pattern=${prefix}&position=prefix&caseSensitive=true`);
    const mine = quote.matchingStock.cheapest.find((l) => l.id === created.listing.id);
    expect(mine?.price).toBe('0.5');
    for (const l of quote.matchingStock.cheapest) expect(l.price).toMatch(SOL_TEXT);
  });

  it("writes an offer's listed price, not the column's text", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/addresses/${created.listing.id}/offers`,
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: { price: '0.25', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as CreatedBid;
    const { offers } = await get<{ offers: Offer[] }>('/api/offers/mine', buyer);
    const offer = offers.find((o) => o.id === id);
    expect(offer).toMatchObject({ price: '0.25', listedPrice: '0.5' });
    expect(offer!.total).toMatch(SOL_TEXT);
  });

  it("writes a listing's price events once", async () => {
    const { points } = await get<{ points: { price: string }[] }>(`/api/addresses/${created.listing.id}/price-history`);
    expect(points.map((p) => p.price)).toEqual(['0.5']);
  });

  it("writes the price on a listing's Actions icon once", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/actions/listings/${created.listing.address}/icon.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('>0.5 SOL<');
  });
});
