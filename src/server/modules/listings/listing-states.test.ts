import { describe, expect, it } from 'vitest';
import { expectExactMoves, untouchableDb } from '@tests/helpers/state-machine';
import { LISTING_STATUSES } from '@shared/domain-values';
import { IllegalMoveError } from '@server/db/state-machine';
import { listingStates } from './listing-states';
import { listingStatusRepository } from './listing-status.repository';

/** Every move of the table, written out: adding or removing one must change this list too. */
const ALLOWED = { available: ['pending', 'sold', 'deleted'], pending: ['available', 'sold', 'deleted'] } as const;

describe('the listing state machine', () => {
  it('has exactly the listed moves, each with its reason, and refuses every other by name', () => {
    expectExactMoves(listingStates, 'listing', LISTING_STATUSES, ALLOWED);
  });
});

describe('listingStatusRepository', () => {
  it('refuses a move the table lacks before it touches the database', () => {
    expect(() => listingStatusRepository.move(untouchableDb, 'id', { sold: 'available' })).toThrow(
      'A listing cannot go from sold to available',
    );
    expect(() => listingStatusRepository.move(untouchableDb, 'id', { deleted: 'available' })).toThrow(IllegalMoveError);
  });

  it('makes only moves of the table: each named move passes the check and reaches the database', async () => {
    expect(() => listingStatusRepository.showCheckout(untouchableDb, 'id')).toThrow('the database was used');
    await expect(listingStatusRepository.release(untouchableDb, 'id')).rejects.toThrow('the database was used');
    await expect(listingStatusRepository.markSold(untouchableDb, 'id')).rejects.toThrow('the database was used');
    await expect(listingStatusRepository.markDeleted(untouchableDb, 'id', new Date())).rejects.toThrow(
      'the database was used',
    );
  });
});
