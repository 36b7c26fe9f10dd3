import { describe, expect, it } from 'vitest';
import { expectExactMoves, untouchableDb } from '@tests/helpers/state-machine';
import { ESCROW_TRANSFER_STATUSES } from '@shared/domain-values';
import { transferStates } from './transfer-states';
import { settlementRepository } from './settlement.repository';

/** Every move of the table, written out: adding or removing one must change this list too. */
const ALLOWED = { signed: ['landed', 'failed'] } as const;

describe('the escrow transfer state machine', () => {
  it('has exactly the listed moves, each with its reason, and refuses every other by name', () => {
    expectExactMoves(transferStates, 'escrow transfer', ESCROW_TRANSFER_STATUSES, ALLOWED);
  });

  it("lets settlementRepository.finish's moves reach the database", async () => {
    const now = new Date();
    for (const status of ['landed', 'failed'] as const) {
      await expect(settlementRepository.finish(untouchableDb, 'id', status, now)).rejects.toThrow(
        'the database was used',
      );
    }
  });
});
