import type { TransactionStatus } from '@server/db/schema';

/**
 * The purchase state machine (docs/domain.md#purchase-states): initiated → pending → verified → completed, or → failed.
 * `failed → verified` exists for one case only: a payment that arrives after its reservation expired, for a
 * listing nobody else bought meanwhile (the buyer paid the stored price, so the sale stands).
 * Every transition in the repositories is a conditional UPDATE `… WHERE status = <from>`: of two instances
 * racing, exactly one moves the row.
 */
export const TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  initiated: ['pending', 'failed'],
  pending: ['verified', 'failed'],
  verified: ['completed'],
  completed: [],
  failed: ['verified'],
};

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The key may be revealed or destroyed (owned: docs/product-spec.md#private-key). */
export const isOwned = (status: string) => status === 'verified' || status === 'completed';

/** Reservation window (docs/domain.md#reservation). */
export const RESERVATION_MS = 15 * 60 * 1000;

export const EXPIRED_REASON = 'reservation expired';
