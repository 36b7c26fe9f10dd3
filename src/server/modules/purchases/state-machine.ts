import type { TransactionStatus } from '@server/db/schema';

/**
 * The purchase state machine (docs/domain.md#purchase-states): initiated → pending → verified → completed, or → failed.
 * `initiated → verified`: settlement found the payment in the escrow before the buyer's confirm said anything.
 * `failed → verified` exists for one case only: a payment that arrives after its reservation expired, for a
 * listing nobody else bought meanwhile (the buyer paid the stored price, so the sale stands).
 * Every transition in the repositories is a conditional UPDATE `… WHERE status = <from>`: of two instances
 * racing, exactly one moves the row. `transactionsRepository.transition` refuses any move this table lacks.
 */
export const TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  initiated: ['pending', 'verified', 'failed'],
  pending: ['verified', 'failed'],
  verified: ['completed'],
  completed: [],
  failed: ['verified'],
};

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The status moves one UPDATE may make, by the status the row must be in. Staying put (`failed: 'failed'`) is
 * allowed: such an update changes the row's other columns, not its state.
 */
export type StatusMoves = Partial<Record<TransactionStatus, TransactionStatus>>;

/** A code path asked for a move the state machine does not have: a bug, never a user error. */
export class IllegalTransitionError extends Error {
  override readonly name = 'IllegalTransitionError';
  constructor(
    readonly from: TransactionStatus,
    readonly to: TransactionStatus,
  ) {
    super(`A purchase cannot go from ${from} to ${to}`);
  }
}

/** Throws IllegalTransitionError for the first move TRANSITIONS lacks. */
export function assertMoves(moves: StatusMoves): void {
  for (const [from, to] of Object.entries(moves) as [TransactionStatus, TransactionStatus][]) {
    if (from !== to && !canTransition(from, to)) throw new IllegalTransitionError(from, to);
  }
}

/** The key may be revealed or destroyed (owned: docs/product-spec.md#private-key). */
export const isOwned = (status: string) => status === 'verified' || status === 'completed';

/** Reservation window (docs/domain.md#reservation). */
export const RESERVATION_MS = 15 * 60 * 1000;

/** The human disputeReason of an expired reservation; code tests `failureKind === 'expired'` instead. */
export const EXPIRED_REASON = 'reservation expired';
