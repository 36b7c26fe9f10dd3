import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketReadingSchema, MARKET_READING_DAYS } from '@shared/api/market-reading';
import type { BidStatus, PatternPosition } from '@shared/domain-values';
import { parseSolToLamports } from '@shared/money';
import type { Db } from '@server/db/database';
import { addresses, bids, transactions } from '@server/db/schema';
import { usersRepository } from '@server/modules/users';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser, type CreatedListing } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';

/**
 * GET /api/market/pattern-class (docs/domain.md#market-reading). Listings are created through the API, then their
 * pattern columns are set directly: the rarity model derives them from a random address, and these tests need chosen
 * classes. Sales and bids are inserted as rows, as the purchase flow and the bids module would leave them, since
 * neither a whole on-chain purchase nor a funded deposit is what is under test here.
 */
let t: TestApp;
let db: Db;
let seller: SignedInWallet;
let buyer: SignedInWallet;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  seller = await createAdmin(t);
  buyer = await createUser(t);
});
afterAll(() => t?.close());

const userId = async (w: SignedInWallet) => (await usersRepository.findByWallet(db, w.walletAddress))!.id;

interface ClassFields {
  length: number;
  position: string | null;
  caseSensitive?: boolean;
}

/** A listing of the given class at `price`. */
async function listingOf(c: ClassFields, price: string, over: { status?: string; isListed?: boolean } = {}) {
  const created = await createListing(t, { seller, price });
  await db
    .update(addresses)
    .set({
      pattern: 'x'.repeat(c.length),
      patternLength: c.length,
      patternPosition: c.position,
      caseSensitivePattern: c.caseSensitive ?? true,
      ...over,
    })
    .where(eq(addresses.id, created.listing.id));
  return created;
}

/** A purchase row as verification leaves it: verified (or completed) at `at`, at `price`. */
async function sale(created: CreatedListing, price: string, at: Date, status = 'completed') {
  const id = randomUUID();
  await db.insert(transactions).values({
    id,
    addressId: created.listing.id,
    buyerId: await userId(buyer),
    buyerWallet: buyer.walletAddress,
    sellerId: await userId(created.seller),
    price: parseSolToLamports(price),
    totalAmount: parseSolToLamports(price),
    status,
    paymentReference: randomBytes(16).toString('hex'),
    paymentMemo: `vv:${id}`,
    recipientWallet: created.seller.walletAddress,
    priceLamports: parseSolToLamports(price),
    createdAt: at,
    verifiedAt: status === 'verified' || status === 'completed' ? at : null,
  });
  if (status === 'failed') return;
  await db.update(addresses).set({ status: 'sold' }).where(eq(addresses.id, created.listing.id));
}

async function bid(
  c: { pattern: string; position: PatternPosition; caseSensitive: boolean },
  maxPrice: string,
  status: BidStatus,
  kind: 'pattern' | 'offer' = 'pattern',
  addressId?: string,
) {
  const max = parseSolToLamports(maxPrice);
  await db.insert(bids).values({
    kind,
    bidderId: await userId(buyer),
    bidderWallet: buyer.walletAddress,
    ...(kind === 'pattern'
      ? {
          pattern: c.pattern,
          patternKey: c.caseSensitive ? c.pattern : c.pattern.toLowerCase(),
          position: c.position,
          caseSensitive: c.caseSensitive,
        }
      : { addressId }),
    maxPriceLamports: max,
    totalLamports: max + 10_000n,
    escrow: randomBytes(16).toString('hex'),
    status,
    expiresAt: new Date(Date.now() + 7 * DAY),
  });
}

async function reading(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/market/pattern-class?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return marketReadingSchema.parse(res.json());
}

describe('GET /api/market/pattern-class', () => {
  it('answers an empty class with nulls and 30 empty days ending today', async () => {
    const body = await reading('length=9&position=prefix&caseSensitive=true');
    expect(body).toMatchObject({
      class: { length: 9, position: 'prefix', caseSensitive: true },
      floor: null,
      bestBid: null,
      lastSale: null,
    });
    expect(body.history).toHaveLength(MARKET_READING_DAYS);
    expect(body.history.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), median: null, sales: 0 });
    expect(body.history[0]!.day).toBe(new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10));
  });

  it('floors at the cheapest listing a buyer can buy now, in its class only', async () => {
    const cheapest = await listingOf({ length: 4, position: 'prefix' }, '2.5');
    await listingOf({ length: 4, position: 'prefix' }, '3');
    // Cheaper, but each outside the floor: unlisted, sold, another length, another position, any case.
    await listingOf({ length: 4, position: 'prefix' }, '1', { isListed: false });
    await listingOf({ length: 4, position: 'prefix' }, '1', { status: 'sold' });
    await listingOf({ length: 5, position: 'prefix' }, '1');
    await listingOf({ length: 4, position: 'suffix' }, '1');
    await listingOf({ length: 4, position: 'prefix', caseSensitive: false }, '1.25');

    const body = await reading('length=4&position=prefix&caseSensitive=true');
    expect(body.floor).toEqual({ price: '2.5', addressId: cheapest.listing.id, address: cheapest.listing.address });
    expect((await reading('length=4&position=prefix&caseSensitive=false')).floor?.price).toBe('1.25');
  });

  it("puts a listing whose position is neither prefix nor suffix (or none) in the 'anywhere' class", async () => {
    await listingOf({ length: 6, position: 'middle' }, '7');
    await listingOf({ length: 6, position: null }, '6.5');
    await listingOf({ length: 6, position: 'prefix' }, '1');
    expect((await reading('length=6&position=anywhere&caseSensitive=true')).floor?.price).toBe('6.5');
  });

  it('takes the best bid from open pattern bids of the same position, case and length only', async () => {
    const cls = { position: 'suffix' as const, caseSensitive: false };
    await bid({ ...cls, pattern: 'Moon' }, '4', 'open');
    await bid({ ...cls, pattern: 'Dogs' }, '5.5', 'open');
    // Higher, but each not a live bid of the class.
    await bid({ ...cls, pattern: 'Cats' }, '9', 'awaiting-deposit');
    await bid({ ...cls, pattern: 'Bird' }, '9', 'cancelled');
    await bid({ ...cls, pattern: 'Fish' }, '9', 'filled');
    await bid({ ...cls, pattern: 'Wolfs' }, '9', 'open'); // length 5
    await bid({ ...cls, caseSensitive: true, pattern: 'Frog' }, '9', 'open');
    await bid({ ...cls, position: 'prefix', pattern: 'Duck' }, '9', 'open');
    const listing = await listingOf({ length: 4, position: 'suffix', caseSensitive: false }, '20');
    await bid({ ...cls, pattern: 'x' }, '9', 'open', 'offer', listing.listing.id); // an offer is no pattern bid

    expect((await reading('length=4&position=suffix&caseSensitive=false')).bestBid).toBe('5.5');
    expect((await reading('length=4&position=suffix&caseSensitive=true')).bestBid).toBe('9');
    expect((await reading('length=3&position=suffix&caseSensitive=false')).bestBid).toBeNull();
  });

  it('reads the last sale and buckets 30 days of sales by UTC day, with the median of each', async () => {
    const cls = { length: 7, position: 'suffix', caseSensitive: true };
    const now = Date.now();
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
    // Three sales one day (median 2, the middle one), two on another (the lower middle, a real price: 1).
    for (const price of ['1', '2', '10'])
      await sale(await listingOf(cls, price), price, new Date(today - 3 * DAY + 3600e3));
    for (const price of ['1', '3']) await sale(await listingOf(cls, price), price, new Date(today - 1 * DAY + 60e3));
    // The last sale, verified (not yet completed): it counts as sold. Today even in the first minute of the day.
    const last = new Date(Math.max(today, now - 60e3));
    await sale(await listingOf(cls, '4.25'), '4.25', last, 'verified');
    // Out of the window (30 days ago, before the first day) and never sold: not in the history.
    await sale(await listingOf(cls, '50'), '50', new Date(today - 30 * DAY + 3600e3));
    await sale(await listingOf(cls, '60'), '60', new Date(now - 30e3), 'failed');
    await sale(await listingOf({ ...cls, length: 8 }, '70'), '70', new Date(now - 10e3));

    const body = await reading('length=7&position=suffix&caseSensitive=true');
    expect(body.lastSale).toEqual({ price: '4.25', at: last.toISOString() });
    const busy = body.history.filter((d) => d.sales > 0);
    expect(busy).toEqual([
      { day: dayOf(today - 3 * DAY), median: '2', sales: 3 },
      { day: dayOf(today - DAY), median: '1', sales: 2 },
      { day: dayOf(now), median: '4.25', sales: 1 },
    ]);
    expect(body.history.reduce((n, d) => n + d.sales, 0)).toBe(6);
    // Sold listings are no floor; the one whose purchase failed is still for sale. The last sale outlives the window.
    expect(body.floor?.price).toBe('60');
    const old = { length: 11, position: 'prefix', caseSensitive: true };
    await sale(await listingOf(old, '8'), '8', new Date(now - 90 * DAY));
    const quiet = await reading('length=11&position=prefix&caseSensitive=true');
    expect(quiet.lastSale?.price).toBe('8');
    expect(quiet.history.every((d) => d.sales === 0)).toBe(true);
  });

  it('refuses a bad query with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['position=prefix&caseSensitive=true', 'length'],
      ['length=0&position=prefix&caseSensitive=true', 'length'],
      ['length=4.5&position=prefix&caseSensitive=true', 'length'],
      ['length=45&position=prefix&caseSensitive=true', 'length'],
      ['length=4&position=middle&caseSensitive=true', 'position'],
      ['length=4&position=prefix', 'caseSensitive'],
      ['length=4&position=prefix&caseSensitive=yes', 'caseSensitive'],
    ];
    for (const [query, field] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/market/pattern-class?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe('VALIDATION_FAILED');
      expect(res.json().message, query).toContain(field);
    }
  });

  it('is public, listed in the API document, and uncached here (max age 0) but validated by an ETag', async () => {
    const url = '/api/market/pattern-class?length=4&position=prefix&caseSensitive=true';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).toContain('/api/market/pattern-class');
  });
});

describe('GET /api/market/pattern-class, cached', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ env: { PUBLIC_LISTINGS_MAX_AGE_SECONDS: '60' } });
  });
  afterAll(() => cached?.close());

  it('keeps one answer per class for the public listings max age and offers it to shared caches as long', async () => {
    const url = '/api/market/pattern-class?length=3&position=prefix&caseSensitive=true';
    const first = await cached.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=5');
    expect(first.json().floor).toBeNull();
    const created = await createListing(cached, { price: '3' });
    await cached.database.db
      .update(addresses)
      .set({ patternLength: 3, patternPosition: 'prefix', caseSensitivePattern: true })
      .where(eq(addresses.id, created.listing.id));
    // Kept: the same bytes until the max age passes; another class is computed on its own.
    expect((await cached.app.inject({ method: 'GET', url })).body).toBe(first.body);
    const other = await cached.app.inject({ method: 'GET', url: url.replace('true', 'false') });
    expect(other.json().class.caseSensitive).toBe(false);
  });
});
