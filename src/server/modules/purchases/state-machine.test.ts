import { describe, expect, it } from 'vitest';
import { expectExactMoves, untouchableDb } from '@tests/helpers/state-machine';
import { PURCHASE_STATUSES } from '@server/db/schema';
import { IllegalMoveError } from '@server/db/state-machine';
import { purchaseStates } from './state-machine';
import { purchasesRepository } from './purchases.repository';

/** Every move of the table, written out: adding or removing one must change this list too. */
const ALLOWED = {
  initiated: ['pending', 'verified', 'failed'],
  pending: ['verified', 'failed'],
  verified: ['completed'],
  failed: ['verified'],
} as const;

describe('the purchase state machine', () => {
  it('has exactly the listed moves, each with its reason, lets a row stay put, and refuses every other by name', () => {
    expectExactMoves(purchaseStates, 'purchase', PURCHASE_STATUSES, ALLOWED, { stayingPut: true });
  });
});

describe('purchasesRepository.transition', () => {
  it('refuses an illegal move before it touches the database', async () => {
    await expect(purchasesRepository.transition(untouchableDb, 'id', { completed: 'pending' }, {})).rejects.toThrow(
      IllegalMoveError,
    );
    await expect(purchasesRepository.transition(untouchableDb, 'id', { failed: 'pending' }, {})).rejects.toThrow(
      'A purchase cannot go from failed to pending',
    );
  });
});
