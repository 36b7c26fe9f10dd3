import { randomBytes, randomUUID } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import { eq, inArray, sql } from 'drizzle-orm';
import { FALLBACK_USD_PER_SOL_LISTING } from '@shared/format/usd';
import type { Queryable } from '../../db/database';
import { addresses, transactions, users } from '../../db/schema';
import { listingStatusRepository } from '../listings';
import { newPaymentReference, paymentMemoOf, RESERVATION_MS, saleRepository } from '../purchases';
import { publicKeyFromSeed, publicKeyToAddress } from '../key-crypto';

// pg_advisory_xact_lock key of demo seeding ('vv-demo'): instances starting together seed once.
const DEMO_LOCK_KEY = 0x76762d64656d6fn;

/** A random wallet whose secret is dropped at once: demo users own listings but can never sign. */
function throwawayWallet(): string {
  const seed = randomBytes(32);
  const address = publicKeyToAddress(publicKeyFromSeed(seed));
  seed.fill(0);
  return address;
}

export const demoRepository = {
  async lock(tx: Queryable): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(DEMO_LOCK_KEY.toString())})`);
  },

  /** Demo data goes only into a shop with no listings at all (deleted ones included): never beside real ones. */
  async hasListings(db: Queryable): Promise<boolean> {
    const rows = await db.select({ id: addresses.id }).from(addresses).limit(1);
    return rows.length > 0;
  },

  /** The admin is marked as the demo admin: the shop's seller of ground keys when SHOP_WALLET is unset (local mode). */
  async createUser(db: Queryable, isAdmin: boolean): Promise<{ id: string; walletAddress: string }> {
    const [row] = await db
      .insert(users)
      .values({ walletAddress: throwawayWallet(), isAdmin, isDemoAdmin: isAdmin })
      .returning({ id: users.id, walletAddress: users.walletAddress });
    return row!;
  },

  /** Tags listings as demo data and backdates them, so the marketplace has old and NEW (< 7 days) listings. */
  async markDemo(db: Queryable, ids: readonly string[], createdAt: (index: number) => Date): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(addresses)
      .set({ searchTags: sql`array_append(${addresses.searchTags}, 'demo')` })
      .where(inArray(addresses.id, [...ids]));
    for (const [i, id] of ids.entries()) await demoRepository.setCreatedAt(db, id, createdAt(i));
  },

  listingsByIds(db: Queryable, ids: readonly string[]) {
    return db
      .select()
      .from(addresses)
      .where(inArray(addresses.id, [...ids]));
  },

  async setCreatedAt(db: Queryable, id: string, createdAt: Date): Promise<void> {
    await db.update(addresses).set({ createdAt }).where(eq(addresses.id, id));
  },

  /**
   * A completed purchase as the verifier would record it (docs/domain.md#verification), flagged `isTestData`: the
   * transaction, the listing sold and unlisted, and the sales_analytics and price_history rows. The signature is
   * random: no such payment exists on any chain.
   */
  async recordSale(
    db: Queryable,
    sale: {
      listing: typeof addresses.$inferSelect;
      buyer: { id: string; walletAddress: string };
      sellerWallet: string;
      at: Date;
    },
  ): Promise<string> {
    const { listing, at } = sale;
    const id = randomUUID();
    const lamports = listing.price;
    const initiated = new Date(at.getTime() - 90_000);
    await db.insert(transactions).values({
      id,
      addressId: listing.id,
      buyerId: sale.buyer.id,
      buyerWallet: sale.buyer.walletAddress,
      sellerId: listing.sellerId,
      price: listing.price,
      totalAmount: listing.price,
      status: 'completed',
      txHash: getBase58Decoder().decode(randomBytes(64)),
      isTestData: true,
      paymentReference: newPaymentReference(),
      paymentMemo: paymentMemoOf(id),
      recipientWallet: sale.sellerWallet,
      priceLamports: lamports,
      createdAt: initiated,
      expiresAt: new Date(initiated.getTime() + RESERVATION_MS),
      verifiedAt: at,
      completedAt: at,
    });
    await listingStatusRepository.markSold(db, listing.id);
    await saleRepository.recordSale(db, {
      transactionId: id,
      priceLamports: lamports,
      listing,
      usdPerSol: FALLBACK_USD_PER_SOL_LISTING,
      at,
    });
    return id;
  },
};
