import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { addresses, users } from '@server/db/schema';
import { openReservationsOf } from '../listings';

/**
 * The listing-side writes of a purchase. They live here rather than in the listings module because each one is
 * a step of the purchase state machine, guarded by the listing status it expects.
 */

/**
 * The listing `addressId` while it may be bought: available or showing someone's checkout (a notice, not a lock:
 * docs/domain.md#settlement), listed, not deleted.
 */
const onSale = (addressId: string) =>
  and(
    eq(addresses.id, addressId),
    inArray(addresses.status, ['available', 'pending']),
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

  /** A listing that may be bought (see onSale), read without a lock: initiate's safety checks; undefined otherwise. */
  async findOpen(db: Queryable, addressId: string) {
    const [row] = await db
      .select({ id: addresses.id, address: addresses.address })
      .from(addresses)
      .where(onSale(addressId));
    return row;
  },

  /**
   * Shows "someone is checking out" on the listing (status `pending`): a notice to other visitors, never a lock
   * (docs/domain.md#settlement). A listing already showing it stays as it is.
   */
  showCheckout(db: Queryable, addressId: string) {
    return db
      .update(addresses)
      .set({ status: 'pending' })
      .where(and(eq(addresses.id, addressId), eq(addresses.status, 'available'), eq(addresses.isListed, true)));
  },

  /** Sold and off the market (search with excludeSold drops it); the listing as it now is, for the sale's records. */
  async markSold(db: Queryable, addressId: string) {
    const [row] = await db
      .update(addresses)
      .set({ status: 'sold', isListed: false })
      .where(eq(addresses.id, addressId))
      .returning();
    return row;
  },

  /** The checkout notice ends once no web reservation of the listing is still waiting for its payment. */
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
};
