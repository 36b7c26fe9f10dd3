import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { addresses, users } from '@server/db/schema';

/**
 * The listing-side reads of a purchase. Its writes of the listing's status (checkout notice, sold, released) are the
 * listings module's `listingStatusRepository`, the one owner of that state (docs/domain.md#listing-states).
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

/** The listing `addressId` with its seller's wallet: what buying it, or making an offer on it, needs to know. */
const listingWithSeller = (db: Queryable, addressId: string) =>
  db
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
    .where(eq(addresses.id, addressId));

export type LockedListing = NonNullable<Awaited<ReturnType<typeof purchaseListingRepository.lockForPurchase>>>;

export const purchaseListingRepository = {
  /**
   * `SELECT … FOR UPDATE` on the listing with its seller: two buyers initiating at once queue here, and the
   * second sees the status the first one left (docs/domain.md#reservation).
   */
  async lockForPurchase(db: Queryable, addressId: string) {
    const [row] = await listingWithSeller(db, addressId).for('update', { of: addresses });
    return row;
  },

  /** The listing with its seller as it is now, unlocked: an offer's listing. */
  async withSeller(db: Queryable, addressId: string) {
    const [row] = await listingWithSeller(db, addressId);
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
};
