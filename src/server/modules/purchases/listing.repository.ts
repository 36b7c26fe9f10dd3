import { and, eq, isNull, notExists } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { addresses, users } from '@server/db/schema';
import { openReservationsOf } from '../listings';

/**
 * The listing-side writes of a purchase. They live here rather than in the listings module because each one is
 * a step of the purchase state machine, guarded by the listing status it expects.
 */

/** The listing `addressId` while it may be bought: available, listed, not deleted. */
const onSale = (addressId: string) =>
  and(
    eq(addresses.id, addressId),
    eq(addresses.status, 'available'),
    eq(addresses.isListed, true),
    isNull(addresses.deletedAt),
  );

export type LockedListing = NonNullable<Awaited<ReturnType<typeof purchaseListingRepository.lockForPurchase>>>;

export const purchaseListingRepository = {
  /**
   * `SELECT … FOR UPDATE` on the listing with its seller: two buyers initiating at once queue here, and the
   * second sees the status the first one left (docs/domain.md#reservation).
   */
  async lockForPurchase(db: Queryable, addressId: string) {
    const [row] = await db
      .select({
        id: addresses.id,
        address: addresses.address,
        network: addresses.network,
        price: addresses.price,
        currency: addresses.currency,
        status: addresses.status,
        isListed: addresses.isListed,
        deletedAt: addresses.deletedAt,
        sellerId: addresses.sellerId,
        sellerWallet: users.walletAddress,
      })
      .from(addresses)
      .innerJoin(users, eq(users.id, addresses.sellerId))
      .where(eq(addresses.id, addressId))
      .for('update', { of: addresses });
    return row;
  },

  /** A listing that may be bought (available, listed, not deleted), read without a lock; undefined otherwise. */
  async findOpen(db: Queryable, addressId: string) {
    const [row] = await db
      .select({ id: addresses.id, address: addresses.address })
      .from(addresses)
      .where(onSale(addressId));
    return row;
  },

  async reserve(db: Queryable, addressId: string): Promise<boolean> {
    const rows = await db
      .update(addresses)
      .set({ status: 'pending' })
      .where(and(eq(addresses.id, addressId), eq(addresses.status, 'available'), eq(addresses.isListed, true)))
      .returning({ id: addresses.id });
    return rows.length === 1;
  },

  /** Sold and off the market (search with excludeSold drops it). */
  async markSold(db: Queryable, addressId: string): Promise<void> {
    await db.update(addresses).set({ status: 'sold', isListed: false }).where(eq(addresses.id, addressId));
  },

  /**
   * Back on the market, only if it is still reserved and no purchase holds it any more: a listing an admin
   * changed meanwhile, or one another purchase reserved, is left as it is.
   */
  async release(db: Queryable, addressId: string): Promise<boolean> {
    const rows = await db
      .update(addresses)
      .set({ status: 'available' })
      .where(
        and(eq(addresses.id, addressId), eq(addresses.status, 'pending'), notExists(openReservationsOf(db, addressId))),
      )
      .returning({ id: addresses.id });
    return rows.length === 1;
  },

  /**
   * A late payment (its reservation expired) may still buy the listing if nobody else holds or bought it, it is
   * still listed, by the seller who was paid and at the price that was paid; the claim is one conditional UPDATE.
   */
  async claimForLateSale(
    db: Queryable,
    addressId: string,
    sale: { price: string; sellerId: string },
  ): Promise<boolean> {
    const rows = await db
      .update(addresses)
      .set({ status: 'sold', isListed: false })
      .where(
        and(
          onSale(addressId),
          eq(addresses.price, sale.price),
          eq(addresses.sellerId, sale.sellerId),
          notExists(openReservationsOf(db, addressId)),
        ),
      )
      .returning({ id: addresses.id });
    return rows.length === 1;
  },

  async findForSale(db: Queryable, addressId: string) {
    const [row] = await db.select().from(addresses).where(eq(addresses.id, addressId));
    return row;
  },
};
