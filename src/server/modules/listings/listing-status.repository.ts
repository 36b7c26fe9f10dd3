import { and, eq, notExists, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ListingStatus } from '@shared/domain-values';
import type { Queryable } from '../../db/database';
import { addresses } from '../../db/schema';
import { guardedMove, type Moves } from '@server/db/state-machine';
import { listingStates } from './listing-states';
import { listingTypeColumns } from './listing-type';
import { openReservationsOf } from './listings.repository';

/**
 * The one writer of a listing's status (docs/domain.md#listing-states). Each function is one move of
 * listingStates, taking the database or the caller's transaction handle; listing-status-owner.test.ts fails
 * when a file outside this module writes `addresses.status`.
 */
export const listingStatusRepository = {
  /**
   * The guarded UPDATE behind every move: the row changes only while its status is one of the moves' `from`, so two
   * instances racing cannot both move it, and a move the table lacks throws IllegalMoveError before anything
   * is written. Several moves share one statement (available or pending → sold). Returned unawaited and
   * without RETURNING: each caller adds what it needs, or folds the write into one statement (inOneStatement).
   */
  move(
    db: Queryable,
    addressId: string,
    moves: Moves<ListingStatus>,
    set: Omit<PgUpdateSetSource<typeof addresses>, 'status'> = {},
    extra?: SQL,
  ) {
    listingStates.assertMoves(moves);
    const { status, inFrom } = guardedMove(addresses.status, moves);
    return db
      .update(addresses)
      .set({ ...set, status })
      .where(and(eq(addresses.id, addressId), inFrom, extra));
  },

  /**
   * Shows "someone is checking out" on the listing (available → pending): a notice to other visitors, never a lock
   * (docs/domain.md#settlement). A listing already showing it stays as it is. Returned unawaited: initiate writes it
   * in one statement with its audit row.
   */
  showCheckout(db: Queryable, addressId: string) {
    return listingStatusRepository.move(db, addressId, { available: 'pending' }, {}, eq(addresses.isListed, true));
  },

  /**
   * The checkout notice ends (pending → available) once no web reservation of the listing is still waiting for its
   * payment; true when it did.
   */
  async release(db: Queryable, addressId: string): Promise<boolean> {
    const rows = await listingStatusRepository
      .move(db, addressId, { pending: 'available' }, {}, notExists(openReservationsOf(db, addressId)))
      .returning({ id: addresses.id });
    return rows.length === 1;
  },

  /**
   * Sold and off the market (search with excludeSold drops it); the listing as it now is, for the sale's records.
   * Every caller has seen it on sale: settlement and a bid fill under the row's lock, the demo seed just after
   * listing it.
   */
  async markSold(db: Queryable, addressId: string) {
    const [row] = await listingStatusRepository
      .move(db, addressId, { available: 'sold', pending: 'sold' }, { isListed: false })
      .returning();
    return row;
  },

  /**
   * Soft delete by its seller (history kept): unlisted, `deletedAt` stamped and its listing type back to standard;
   * true when it moved. The caller holds the row's lock and has refused a sold listing.
   */
  async markDeleted(db: Queryable, addressId: string, at: Date): Promise<boolean> {
    const rows = await listingStatusRepository
      .move(
        db,
        addressId,
        { available: 'deleted', pending: 'deleted' },
        { isListed: false, deletedAt: at, ...listingTypeColumns('standard', null) },
      )
      .returning({ id: addresses.id });
    return rows.length === 1;
  },
};
