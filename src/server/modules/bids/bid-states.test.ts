import { describe, expect, it } from 'vitest';
import { expectExactMoves, untouchableDb } from '@tests/helpers/state-machine';
import { BID_STATUSES } from '@shared/domain-values';
import { IllegalMoveError } from '@server/db/state-machine';
import { bidStates } from './bid-states';
import { bidsRepository } from './bids.repository';

/** Every move of the table, written out: adding or removing one must change this list too. */
const ALLOWED = {
  'awaiting-deposit': ['open', 'expired', 'cancelled'],
  open: ['filled', 'accepted', 'declined', 'cancelled', 'expired'],
} as const;

describe('the bid state machine', () => {
  it('has exactly the listed moves, each with its reason, and refuses every other by name', () => {
    expectExactMoves(bidStates, 'bid', BID_STATUSES, ALLOWED);
  });
});

describe('bidsRepository.update', () => {
  it('refuses a move the table lacks before it touches the database', async () => {
    await expect(bidsRepository.update(untouchableDb, 'id', 'expired', { status: 'open' })).rejects.toThrow(
      'A bid cannot go from expired to open',
    );
    await expect(bidsRepository.update(untouchableDb, 'id', 'awaiting-deposit', { status: 'filled' })).rejects.toThrow(
      IllegalMoveError,
    );
  });

  it('lets a move of the table, and a change that leaves the status alone, reach the database', async () => {
    const used = 'the database was used';
    await expect(bidsRepository.update(untouchableDb, 'id', 'open', { status: 'filled' })).rejects.toThrow(used);
    await expect(bidsRepository.update(untouchableDb, 'id', 'open', { orderId: 'o' })).rejects.toThrow(used);
  });
});
