import { and, arrayOverlaps, asc, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@shared/api/errors';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../db/database';
import { addresses, users } from '../../db/schema';
import { publicKeyFromSeed, publicKeyToAddress } from '../vault';
import { randomBytes } from 'node:crypto';

/** Search tag on every listing the shop grinds for an order. */
export const ORDER_LISTING_TAG = 'custom-order';

// pg_advisory_xact_lock key for creating the local shop admin ('vv-shop').
const SHOP_LOCK_KEY = 0x76762d73686f70n;

const notConfigured = (message: string) => new AppError(503, ErrorCode.ORDERS_UNAVAILABLE, message);

/**
 * The seller of found keys (docs/domain.md#custom-orders): SHOP_WALLET, which must be an admin. In local mode without
 * one, the demo admin (the seller of the demo listings) or, on a shop without demo data, a throwaway admin created
 * once, recognised afterwards by its order listings. Any other mode needs SHOP_WALLET.
 */
export async function shopSeller(
  db: Queryable,
  env: { shopWallet?: string | undefined; isLocal: boolean },
): Promise<{ id: string; walletAddress: string }> {
  if (env.shopWallet) {
    const [user] = await db.select().from(users).where(eq(users.walletAddress, env.shopWallet));
    if (!user?.isAdmin) throw notConfigured('SHOP_WALLET is not an admin wallet: the shop cannot list found keys');
    return user;
  }
  if (!env.isLocal) throw notConfigured('Custom orders need SHOP_WALLET (an admin wallet) on this cluster');
  const existing = await localShopAdmin(db);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(SHOP_LOCK_KEY.toString())})`);
    const again = await localShopAdmin(tx);
    if (again) return again;
    const seed = randomBytes(32);
    const walletAddress = publicKeyToAddress(publicKeyFromSeed(seed));
    seed.fill(0); // like the demo admin: a seller that can never sign, so the shop's SOL goes nowhere real
    const [row] = await tx
      .insert(users)
      .values({ walletAddress, isAdmin: true })
      .returning({ id: users.id, walletAddress: users.walletAddress });
    return row!;
  });
}

async function localShopAdmin(db: Queryable) {
  const [row] = await db
    .select({ id: users.id, walletAddress: users.walletAddress })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.sellerId))
    .where(and(eq(users.isAdmin, true), arrayOverlaps(addresses.searchTags, ['demo', ORDER_LISTING_TAG])))
    .orderBy(asc(addresses.createdAt))
    .limit(1);
  return row;
}
