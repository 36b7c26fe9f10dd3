import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL, parseSolToLamports, priceColumnLamports } from '@shared/money';
import { analyzeAddress, suggestedPriceLamports } from '@server/rarity';
import type { Db } from '@server/db/database';
import {
  addresses,
  algorithmAdjustments,
  marketTrends,
  salesAnalytics,
  sessions,
  transactions,
} from '@server/db/schema';
import {
  aggregateMarketTrends,
  formatStatSol,
  getActiveValuationMultiplier,
  percentChange,
  recalibrateValuation,
  recalibrateValuationIfDue,
} from '@server/modules/market';
import { usersRepository } from '@server/modules/users';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser, type CreatedListing } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import type { SignedInWallet } from '@tests/helpers/wallet';

let t: TestApp;
let db: Db;
let seller: SignedInWallet;
let buyer: SignedInWallet;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  seller = await createAdmin(t);
  buyer = await createUser(t);
});
afterAll(() => t?.close());

const userId = async (w: SignedInWallet) => (await usersRepository.findByWallet(db, w.walletAddress))!.id;

/**
 * A sale as the purchase flow records it (docs/domain.md#verification): transaction verified, listing sold, analytics
 * row.
 */
const SOL = LAMPORTS_PER_SOL;
const lamportsOrNull = (sol: string | null) => (sol === null ? null : parseSolToLamports(sol));

async function recordSale(
  created: CreatedListing,
  opts: { price?: string; at?: Date; status?: 'verified' | 'completed' | 'failed'; testData?: boolean } = {},
) {
  const { listing } = created;
  const price = parseSolToLamports(opts.price ?? listing.price);
  const at = opts.at ?? new Date();
  const id = randomUUID();
  const status = opts.status ?? 'completed';
  await db.insert(transactions).values({
    id,
    addressId: listing.id,
    buyerId: await userId(buyer),
    buyerWallet: buyer.walletAddress,
    sellerId: await userId(created.seller),
    price,
    totalAmount: price,
    status,
    isTestData: opts.testData ?? false,
    paymentReference: randomBytes(16).toString('hex'),
    paymentMemo: `vv:${id}`,
    recipientWallet: created.seller.walletAddress,
    priceLamports: price,
    createdAt: at,
    verifiedAt: status === 'failed' ? null : at,
    completedAt: status === 'completed' ? at : null,
  });
  if (status === 'failed') return;
  await db.update(addresses).set({ status: 'sold', isListed: false }).where(eq(addresses.id, listing.id));
  await db.insert(salesAnalytics).values({
    transactionId: id,
    addressId: listing.id,
    rarityScore: String(listing.rarityScore),
    category: listing.category,
    estimatedValue: lamportsOrNull(listing.estimatedValue),
    actualSalePrice: price,
    saleDate: at,
  });
}

describe('GET /api/market-stats', () => {
  it('answers zeros on an empty market', async () => {
    // The two signed-in wallets are active users already (a session seen in the last 30 days).
    const res = await t.app.inject({ method: 'GET', url: '/api/market-stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalAddresses: 0, totalVolume: '0', activeUsers: 2, avgPrice: '0' });
  });

  it('counts buyable listings, verified sale volume, active wallets and the mean listed price exactly', async () => {
    await createListing(t, { seller, price: '0.1' });
    await createListing(t, { seller, price: '0.2' });
    await createListing(t, { seller, price: '1' });
    await createListing(t, { seller, price: '5', isListed: false }); // unlisted: not for sale
    const sold = await createListing(t, { seller, price: '2.5' });
    await recordSale(sold, { price: '2.5' });
    const failed = await createListing(t, { seller, price: '3' });
    await recordSale(failed, { status: 'failed' }); // a failed purchase is no volume; the listing stays for sale
    // A wallet last seen 40 days ago is not active.
    const idle = await createUser(t);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(sessions.walletAddress, idle.walletAddress));

    const body = (await t.app.inject({ method: 'GET', url: '/api/market-stats' })).json();
    // 0.1 + 0.2 + 1 + 3 = 4.3 over 4 listings = 1.075 → 2 decimals from 1 SOL up (numeric: no 1.0749999…).
    expect(body).toEqual({ totalAddresses: 4, totalVolume: '2.5', activeUsers: 2, avgPrice: '1.08' });
  });

  it('formats tile amounts with sensible decimals', () => {
    expect(formatStatSol('1234.56789')).toBe('1234.57');
    expect(formatStatSol('0.12345678')).toBe('0.1235');
    expect(formatStatSol('0.00001234')).toBe('0.00001234');
    expect(formatStatSol('0')).toBe('0');
  });
});

describe('market trends', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
  });
  afterAll(() => local?.close());

  it('writes 24h and 7d rows per category and for the whole market, with exact prices and changes', async () => {
    const ldb = local.database.db;
    const admin = await createAdmin(local);
    for (const price of ['1', '2', '3', '10']) await createListing(local, { seller: admin, price });
    const t0 = new Date(Date.now() + DAY);
    const written = await aggregateMarketTrends(ldb, { now: t0 });
    const rows = await ldb.select().from(marketTrends);
    expect(written).toBe(rows.length);
    const all24 = rows.find((r) => r.category === null && r.period === '24h')!;
    expect(all24).toMatchObject({
      avgPrice: 4n * SOL,
      medianPrice: 2_500_000_000n,
      minPrice: SOL,
      maxPrice: 10n * SOL,
      activeListings: 4,
      soldCount: 0,
      totalVolume: 0n,
      priceChange24h: null,
    });
    expect(rows.some((r) => r.category === null && r.period === '7d')).toBe(true);
    const byCategory = rows.filter((r) => r.category !== null && r.period === '24h');
    expect(byCategory.reduce((n, r) => n + r.activeListings, 0)).toBe(4);

    // A day later the mean rose from 4 to 5 (one more listing at 9): +25%.
    await createListing(local, { seller: admin, price: '9' });
    const skipped = await aggregateMarketTrends(ldb, { now: new Date(t0.getTime() + DAY), minIntervalMs: 2 * DAY });
    expect(skipped).toBe(0); // a run within minIntervalMs is skipped (several instances run every job)
    await aggregateMarketTrends(ldb, { now: new Date(t0.getTime() + DAY) });
    const next = (await ldb.select().from(marketTrends)).find(
      (r) => r.category === null && r.period === '24h' && r.timestamp.getTime() === t0.getTime() + DAY,
    )!;
    expect(next).toMatchObject({ avgPrice: 5n * SOL, priceChange24h: '25.0000', priceChange7d: null });
  });

  it('counts sales in the period only', async () => {
    const admin = await createAdmin(local);
    const l1 = await createListing(local, { seller: admin, price: '1' });
    const l2 = await createListing(local, { seller: admin, price: '2' });
    const now = new Date();
    // Sold 3 days ago: in the 7d row, not in the 24h row.
    await recordSaleIn(local, l1, admin, new Date(now.getTime() - 3 * DAY));
    await recordSaleIn(local, l2, admin, new Date(now.getTime() - HOUR));
    await aggregateMarketTrends(local.database.db, { now });
    const rows = (await local.database.db.select().from(marketTrends)).filter(
      (r) => r.category === null && r.timestamp.getTime() === now.getTime(),
    );
    // The previous test's five listings are still for sale; these two are sold.
    expect(rows.find((r) => r.period === '24h')).toMatchObject({
      soldCount: 1,
      totalVolume: 2n * SOL,
      activeListings: 5,
    });
    expect(rows.find((r) => r.period === '7d')).toMatchObject({ soldCount: 2, totalVolume: 3n * SOL });
  });

  it("gives each category's and the whole market's mean and median exactly as sorting every price would", async () => {
    const fresh = await createTestApp();
    try {
      const fdb = fresh.database.db;
      const admin = await createAdmin(fresh);
      const sellerId = (await usersRepository.findByWallet(fdb, admin.walletAddress))!.id;
      // Ties, odd and even counts, halves of the last place (the median of 1 and 2 units is 1.5 units), and listings
      // that are not for sale (sold, unlisted, deleted), which count nowhere.
      const prices = ['0.00000001', '0.00000002', '1', '1', '1', '2.5', '7.12345678', '100', '0.3', '0.3', '42'];
      const categories = ['custom', 'palindrome', 'word-like'];
      await fdb.insert(addresses).values(
        Array.from({ length: 120 }, (_, i) => ({
          address: `Agg${i.toString().padStart(4, '0')}${'1'.repeat(37)}`,
          sellerId,
          price: parseSolToLamports(prices[(i * 7) % prices.length]!),
          category: categories[i % (i < 100 ? 3 : 2)]!,
          ...(i % 13 === 0 ? { status: 'sold' } : {}),
          ...(i % 17 === 0 ? { isListed: false } : {}),
          ...(i % 19 === 0 ? { deletedAt: new Date() } : {}),
        })),
      );
      // Even counts whose middle two differ: medians 2.50000001 and 0.000000015, which rounds half up.
      const middles = [
        ['mathematical', ['0.00000001', '0.00000002', '5', '6']],
        ['cultural', ['0.00000001', '0.00000002']],
      ] as const;
      await fdb.insert(addresses).values(
        middles.flatMap(([category, list]) =>
          list.map((price, i) => ({
            address: `Mid${category}${i}${'1'.repeat(30)}`,
            sellerId,
            price: parseSolToLamports(price),
            category,
          })),
        ),
      );
      const now = new Date();
      await aggregateMarketTrends(fdb, { now });
      const written = (await fdb.select().from(marketTrends))
        .filter((r) => r.period === '24h')
        .map(({ category, avgPrice, medianPrice, minPrice, maxPrice, activeListings }) => ({
          category,
          avgPrice,
          medianPrice,
          minPrice,
          maxPrice,
          activeListings,
        }));
      const oracle = await fdb.execute(sql`
        select category, round(avg(price), 8)::text as "avgPrice",
               round((percentile_disc(0.5) within group (order by price)
                      + percentile_disc(0.5) within group (order by price desc)) / 2, 8)::text as "medianPrice",
               min(price)::text as "minPrice", max(price)::text as "maxPrice", count(*)::int as "activeListings"
        from addresses
        where status = 'available' and is_listed and deleted_at is null
        group by rollup(category)`);
      const byCategory = (rows: { category: string | null }[]) =>
        [...rows].sort((a, b) => String(a.category).localeCompare(String(b.category)));
      // The oracle is raw SQL, so its amounts are column text: read them as the column type does.
      const oracleRows = (oracle as unknown as { rows: Record<string, string | number | null>[] }).rows.map((r) => ({
        ...r,
        ...Object.fromEntries(
          ['avgPrice', 'medianPrice', 'minPrice', 'maxPrice'].map((k) => [k, priceColumnLamports(String(r[k]))]),
        ),
      }));
      expect(byCategory(written)).toEqual(byCategory(oracleRows as typeof written));
      expect(written).toHaveLength(6); // five categories and the whole market
      expect(written.find((r) => r.category === 'mathematical')?.medianPrice).toBe(2_500_000_010n);
      expect(written.find((r) => r.category === 'cultural')?.medianPrice).toBe(20n);
    } finally {
      await fresh.close();
    }
  });

  it('computes percent changes exactly and leaves unknown ones null', () => {
    expect(percentChange(5n * SOL, 4n * SOL)).toBe('25.0000');
    expect(percentChange(2n * SOL, 3n * SOL)).toBe('-33.3333');
    expect(percentChange(SOL, 0n)).toBeNull();
    expect(percentChange(null, SOL)).toBeNull();
  });
});

async function recordSaleIn(app: TestApp, created: CreatedListing, admin: SignedInWallet, at: Date) {
  await recordSaleOn(app, created, admin, { at });
}

/** A verified sale with its sales_analytics row, as the purchase flow records it. */
async function recordSaleOn(
  app: TestApp,
  created: CreatedListing,
  admin: SignedInWallet,
  opts: { at: Date; testData?: boolean },
) {
  const at = opts.at;
  const buyerWallet = await createUser(app);
  const ldb = app.database.db;
  const id = randomUUID();
  const buyerRow = (await usersRepository.findByWallet(ldb, buyerWallet.walletAddress))!;
  const sellerRow = (await usersRepository.findByWallet(ldb, admin.walletAddress))!;
  await ldb.insert(transactions).values({
    id,
    addressId: created.listing.id,
    buyerId: buyerRow.id,
    buyerWallet: buyerRow.walletAddress,
    sellerId: sellerRow.id,
    price: parseSolToLamports(created.listing.price),
    totalAmount: parseSolToLamports(created.listing.price),
    status: 'verified',
    paymentReference: randomBytes(16).toString('hex'),
    paymentMemo: `vv:${id}`,
    recipientWallet: admin.walletAddress,
    priceLamports: parseSolToLamports(created.listing.price),
    isTestData: opts.testData ?? false,
    createdAt: at,
    verifiedAt: at,
  });
  await ldb.update(addresses).set({ status: 'sold', isListed: false }).where(eq(addresses.id, created.listing.id));
  await ldb.insert(salesAnalytics).values({
    transactionId: id,
    addressId: created.listing.id,
    rarityScore: String(created.listing.rarityScore),
    category: created.listing.category,
    estimatedValue: lamportsOrNull(created.listing.estimatedValue),
    actualSalePrice: parseSolToLamports(created.listing.price),
    saleDate: at,
  });
}

describe('valuation calibration', () => {
  let v: TestApp;
  beforeAll(async () => {
    v = await createTestApp();
  });
  afterAll(() => v?.close());
  const activeRows = () =>
    v.database.db.select().from(algorithmAdjustments).where(eq(algorithmAdjustments.isActive, true));

  /** A listing whose declared pattern is its own last 4 characters: the model values it as a 4-character suffix. */
  async function patterned(admin: SignedInWallet, price: string) {
    const keypair = newKeypair();
    return createListing(v, { seller: admin, keypair, price, pattern: keypair.address.slice(-4) });
  }

  it('keeps the multiplier (and writes nothing) without sales', async () => {
    const result = await recalibrateValuation(v.database.db);
    expect(result).toMatchObject({ changed: false, multiplier: 1, salesCount: 0 });
    expect(await v.database.db.select().from(algorithmAdjustments)).toHaveLength(0);
    expect(await getActiveValuationMultiplier(v.database.db)).toBe(1);
  });

  it('fits the multiplier to the median price/value ratio of recent real sales, shrunk toward 1', async () => {
    const vdb = v.database.db;
    const admin = await createAdmin(v);
    const now = new Date();
    // A 4-character suffix is worth 0.1 SOL to the model at multiplier 1 (its suggested price); prices of a few
    // tenths give ratios around 2–4, and the 10 SOL outlier must not move the median.
    const prices = ['0.2', '0.25', '0.3', '0.4', '10'];
    const sold: CreatedListing[] = [];
    for (const price of prices) sold.push(await patterned(admin, price));
    for (const s of sold) await recordSaleOn(v, s, admin, { at: new Date(now.getTime() - DAY) });
    // Not evidence: a demo (test-data) sale and a sale older than the 30-day period.
    await recordSaleOn(v, await patterned(admin, '0.2'), admin, {
      at: new Date(now.getTime() - DAY),
      testData: true,
    });
    await recordSaleOn(v, await patterned(admin, '0.2'), admin, { at: new Date(now.getTime() - 40 * DAY) });

    const ratios = sold
      .map((s) => {
        const report = analyzeAddress(s.listing.address, { pattern: s.listing.pattern ?? undefined });
        // The model's value at multiplier 1 is the rarity model's suggested price of the pattern.
        expect(report.estimatedValueLamports).toBe(suggestedPriceLamports(report.probability));
        return Number(parseSolToLamports(s.listing.price)) / Number(report.estimatedValueLamports);
      })
      .sort((a, b) => a - b);
    const median = ratios[2]!;
    expect(median).toBeGreaterThan(1.5);
    expect(median).toBeLessThan(10);
    const w = 5 / 25;

    const result = await recalibrateValuation(vdb, { now });
    expect(result).toMatchObject({ changed: true, salesCount: 5 });
    expect(result.multiplier).toBeCloseTo(median ** w, 5);
    expect(result.confidenceScore).toBeCloseTo(0.5 + 0.5 * w, 2);

    const active = await activeRows();
    expect(active).toHaveLength(1);
    expect(Number(active[0]!.baseValueMultiplier)).toBeCloseTo(result.multiplier, 6);
    expect(active[0]).toMatchObject({ salesCount: 5, network: 'solana', confidenceScore: '0.60' });
    expect(active[0]!.averageActualPrice).toBe(2_230_000_000n); // (0.2 + 0.25 + 0.3 + 0.4 + 10) / 5 SOL
    expect(active[0]!.nextAdjustment!.getTime()).toBeGreaterThan(now.getTime());
    expect(await getActiveValuationMultiplier(vdb)).toBeCloseTo(result.multiplier, 6);

    // Same evidence, same multiplier: ratios are taken against the model at multiplier 1, so it never compounds.
    const again = await recalibrateValuation(vdb, { now });
    expect(again.multiplier).toBeCloseTo(result.multiplier, 6);
    expect(await activeRows()).toHaveLength(1);
    expect(await vdb.select().from(algorithmAdjustments)).toHaveLength(2);
    // The job's variant waits for nextAdjustment.
    expect(await recalibrateValuationIfDue(vdb, { now })).toBeNull();
    expect(await recalibrateValuationIfDue(vdb, { now: new Date(now.getTime() + 2 * DAY) })).not.toBeNull();
  });

  it('clamps the ratio to 10', async () => {
    const admin = await createAdmin(v);
    const now = new Date(Date.now() + 100 * DAY); // a window with none of the previous test's sales
    for (let i = 0; i < 3; i++) {
      await recordSaleOn(v, await patterned(admin, '5'), admin, { at: new Date(now.getTime() - HOUR) }); // 50× the model
    }
    const result = await recalibrateValuation(v.database.db, { now });
    expect(result.salesCount).toBe(3);
    expect(result.multiplier).toBeCloseTo(10 ** (3 / 23), 5);
  });
});
