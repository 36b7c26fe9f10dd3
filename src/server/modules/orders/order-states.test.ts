import { describe, expect, it } from 'vitest';
import { expectExactMoves, untouchableDb } from '@tests/helpers/state-machine';
import { ORDER_STATUSES } from '@shared/domain-values';
import { IllegalMoveError } from '@server/db/state-machine';
import { orderStates } from './order-states';
import { ordersRepository } from './orders.repository';

/** Every move of the table, written out: adding or removing one must change this list too. */
const ALLOWED = {
  'awaiting-payment': ['queued', 'expired', 'cancelled'],
  queued: ['grinding', 'refunded', 'cancelled'],
  grinding: ['grinding', 'found', 'expired', 'delivered', 'refunded', 'cancelled'],
  found: ['purchased', 'expired'],
} as const;

describe('the custom order state machine', () => {
  it('has exactly the listed moves, each with its reason, and refuses every other by name', () => {
    expectExactMoves(orderStates, 'custom order', ORDER_STATUSES, ALLOWED);
  });
});

describe('ordersRepository', () => {
  it('refuses a move the table lacks before it touches the database', async () => {
    await expect(ordersRepository.update(untouchableDb, 'id', 'delivered', { status: 'queued' })).rejects.toThrow(
      'A custom order cannot go from delivered to queued',
    );
    await expect(ordersRepository.update(untouchableDb, 'id', 'queued', { status: 'delivered' })).rejects.toThrow(
      IllegalMoveError,
    );
    await expect(ordersRepository.update(untouchableDb, 'id', 'found', { status: 'queued' })).rejects.toThrow(
      IllegalMoveError,
    );
  });

  it('makes only moves of the table: each status write passes the check and reaches the database', async () => {
    const now = new Date();
    const used = 'the database was used';
    await expect(ordersRepository.update(untouchableDb, 'id', 'grinding', { status: 'delivered' })).rejects.toThrow(
      used,
    );
    await expect(
      ordersRepository.update(untouchableDb, 'id', 'awaiting-payment', { status: 'queued' }),
    ).rejects.toThrow(used);
    await expect(ordersRepository.cancel(untouchableDb, 'id', 'requester', now)).rejects.toThrow(used);
    await expect(ordersRepository.claim(untouchableDb, 'owner', now, 1000)).rejects.toThrow(used);
    await expect(ordersRepository.cancelHeld(untouchableDb, 'id', 'owner', now, 'why')).rejects.toThrow(used);
    const found = { addressId: 'a', attempts: 1, now, reservedUntil: now };
    await expect(ordersRepository.markFound(untouchableDb, 'id', found)).rejects.toThrow(used);
    await expect(ordersRepository.markFound(untouchableDb, 'id', { ...found, closedReason: 'why' })).rejects.toThrow(
      used,
    );
    await expect(ordersRepository.settle(untouchableDb, now)).rejects.toThrow(used);
  });
});
