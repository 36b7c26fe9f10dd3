import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '@server/db/schema';
import { assertMoves, IllegalTransitionError, TRANSITIONS } from './state-machine';
import { transactionsRepository } from './transactions.repository';

describe('assertMoves', () => {
  it('allows every move of the table, and staying put', () => {
    for (const from of TRANSACTION_STATUSES) {
      expect(() => assertMoves({ [from]: from })).not.toThrow();
      for (const to of TRANSITIONS[from]) expect(() => assertMoves({ [from]: to })).not.toThrow();
    }
  });

  it('refuses every move the table lacks, naming it', () => {
    let refused = 0;
    for (const from of TRANSACTION_STATUSES) {
      for (const to of TRANSACTION_STATUSES) {
        if (from === to || TRANSITIONS[from].includes(to)) continue;
        refused += 1;
        expect(() => assertMoves({ [from]: to }), `${from} → ${to}`).toThrow(
          expect.objectContaining({ name: 'IllegalTransitionError', from, to }),
        );
      }
    }
    expect(refused).toBeGreaterThan(10); // completed → anything, verified → failed, failed → pending, …
  });

  it('refuses a set of moves when any one of them is illegal', () => {
    expect(() => assertMoves({ pending: 'failed', completed: 'failed' })).toThrow(IllegalTransitionError);
  });
});

describe('transactionsRepository.transition', () => {
  it('refuses an illegal move before it touches the database', async () => {
    const untouchable = new Proxy(
      {},
      {
        get() {
          throw new Error('the database was used');
        },
      },
    ) as Parameters<typeof transactionsRepository.transition>[0];
    await expect(transactionsRepository.transition(untouchable, 'id', { completed: 'pending' }, {})).rejects.toThrow(
      IllegalTransitionError,
    );
    await expect(transactionsRepository.transition(untouchable, 'id', { failed: 'pending' }, {})).rejects.toThrow(
      'A purchase cannot go from failed to pending',
    );
  });
});
