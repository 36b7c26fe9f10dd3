import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, encryptedKeys, salesAnalytics, transactions, users } from '@server/db/schema';
import { seedDemoData, type DemoSeedResult } from '@server/modules/demo';
import { addressOfSecretKey } from '@server/modules/key-crypto';
import { createTestApp, type TestApp } from '@tests/helpers/app';

let t: TestApp;
let first: DemoSeedResult;

beforeAll(async () => {
  t = await createTestApp();
  // A shorter grind than at start-up: the test checks what is made, not how many.
  first = await seedDemoData(t.database, { cipher: t.app.vault.cipher, grindMs: 2_000 });
}, 120_000);
afterAll(() => t?.close());

describe('demo data', () => {
  it('lists real vanity addresses whose stored keys derive to them', async () => {
    expect(first.seeded).toBe(true);
    expect(first.listings).toBeGreaterThanOrEqual(10);
    const db = t.database.db;
    const rows = await db
      .select({
        address: addresses.address,
        pattern: addresses.pattern,
        tags: addresses.searchTags,
        key: encryptedKeys,
      })
      .from(addresses)
      .innerJoin(encryptedKeys, eq(encryptedKeys.addressId, addresses.id));
    expect(rows).toHaveLength(first.listings);
    for (const row of rows) {
      const secretKey = t.app.vault.cipher.decrypt(row.address, row.key);
      expect(addressOfSecretKey(secretKey)).toBe(row.address);
      expect(row.tags).toContain('demo');
      if (row.pattern && /^[1-9A-HJ-NP-Za-km-z]{2,3}$/.test(row.pattern)) {
        expect(
          row.address.startsWith(row.pattern) || row.address.endsWith(row.pattern) || row.address.includes(row.pattern),
        ).toBe(true);
      }
    }
  });

  it('is owned by a demo admin and has featured listings and completed demo sales', async () => {
    const db = t.database.db;
    const [admin] = await db.select().from(users).where(eq(users.walletAddress, first.adminWallet!));
    expect(admin?.isAdmin).toBe(true);
    // Marked as the demo admin: the shop's seller of ground keys in local mode without SHOP_WALLET.
    expect(admin?.isDemoAdmin).toBe(true);
    expect((await db.select().from(users).where(eq(users.isDemoAdmin, true))).length).toBe(1);
    const featured = await t.app.inject({ method: 'GET', url: '/api/addresses/featured' });
    expect(featured.json().addresses.length).toBeGreaterThanOrEqual(1);

    const sales = await db.select().from(transactions);
    expect(sales.length).toBe(first.sold);
    expect(first.sold).toBeGreaterThan(0);
    for (const sale of sales) {
      expect(sale).toMatchObject({ status: 'completed', isTestData: true, sellerId: admin!.id });
      const [listing] = await db.select().from(addresses).where(eq(addresses.id, sale.addressId));
      expect(listing).toMatchObject({ status: 'sold', isListed: false });
      expect(listing!.createdAt.getTime()).toBeLessThan(sale.completedAt!.getTime());
    }
    expect(await db.select().from(salesAnalytics)).toHaveLength(first.sold);
    // Recorded without an escrow, so their pages name none and wait for no payout.
    const recent = (await t.app.inject({ method: 'GET', url: '/api/transactions/recent' })).json();
    expect(recent).toHaveLength(first.sold);
    for (const sale of recent) expect(sale).toMatchObject({ status: 'completed', escrow: null, payoutSignature: null });

    const stats = (await t.app.inject({ method: 'GET', url: '/api/market-stats' })).json();
    expect(stats.totalAddresses).toBe(first.listings - first.sold);
    expect(Number(stats.totalVolume)).toBeGreaterThan(0);
  });

  it('does nothing on a second run', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from addresses');
    const again = await seedDemoData(t.database, { cipher: t.app.vault.cipher, grindMs: 100 });
    expect(again).toEqual({ seeded: false, listings: 0, sold: 0 });
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from addresses')).toEqual(before);
  });
});
