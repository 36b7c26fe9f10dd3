import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@shared/api/errors';
import { AppError } from '../../http/app-error';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';

/** Search tag on every listing the shop grinds for an order. */
export const ORDER_LISTING_TAG = 'custom-order';

const notConfigured = (message: string) => new AppError(503, ErrorCode.ORDERS_UNAVAILABLE, message);

/**
 * The seller of found keys (docs/domain.md#custom-orders): SHOP_WALLET, which must be an admin. In local mode without
 * it, the demo admin that demo seeding created and marked (`users.is_demo_admin`), so the demo shop takes orders out
 * of the box. Nothing else: the seller is never guessed from listings, since any admin can list an address that looks
 * like the shop's (an address starting with "Demo" made its lister the payee of every ground key).
 * Without either, orders are refused with a 503 telling the operator to set SHOP_WALLET.
 */
export async function shopSeller(
  db: Queryable,
  env: { shopWallet?: string | undefined; isLocal: boolean },
): Promise<{ id: string; walletAddress: string }> {
  if (env.shopWallet) {
    const [user] = await db.select().from(users).where(eq(users.walletAddress, env.shopWallet));
    if (!user?.isAdmin) {
      throw notConfigured(
        'Custom orders are unavailable: SHOP_WALLET is not an admin wallet (add it to ADMIN_WALLETS), so the shop ' +
          'cannot list what it grinds.',
      );
    }
    return user;
  }
  if (env.isLocal) {
    const [demo] = await db
      .select({ id: users.id, walletAddress: users.walletAddress })
      .from(users)
      .where(and(eq(users.isDemoAdmin, true), eq(users.isAdmin, true)));
    if (demo) return demo;
  }
  throw notConfigured(
    'Custom orders are unavailable until the operator sets SHOP_WALLET to an admin wallet: it is the seller and ' +
      'payee of every key the shop grinds.',
  );
}
