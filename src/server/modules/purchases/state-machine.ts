import { stateMachine } from '@server/db/state-machine';
import type { PurchaseStatus } from '@server/db/schema';

/**
 * The purchase state machine (docs/domain.md#purchase-states): initiated → pending → verified → completed, or → failed.
 * Every transition in the repositories is a conditional UPDATE `… WHERE status = <from>`: of two instances racing,
 * exactly one moves the row. `purchasesRepository.transition` refuses any move this table lacks. Staying put
 * (`failed: 'failed'`) is allowed: such an update changes the row's other columns, not its state.
 */
export const purchaseStates = stateMachine<PurchaseStatus>(
  'purchase',
  {
    initiated: {
      pending: 'the buyer handed in a payment signature, which the server is checking',
      verified: "settlement found the payment in the escrow before the buyer's confirm said anything",
      failed: 'the reservation lapsed unpaid, or what reached its escrow went back to the payer',
    },
    pending: {
      verified: 'a valid payment was found on chain: the listing is sold',
      failed: 'the reservation lapsed unpaid, or what reached its escrow went back to the payer',
    },
    verified: { completed: 'the cluster reports that the payment finalized' },
    completed: {},
    // One case only: a payment that arrives after its reservation expired, for a listing nobody else bought
    // meanwhile (the buyer paid the stored price, so the sale stands).
    failed: { verified: 'a late payment for a listing nobody else bought' },
  },
  { stayingPut: true },
);

/** The key may be revealed or destroyed (owned: docs/product-spec.md#private-key). */
export const isOwned = (status: string) => status === 'verified' || status === 'completed';

/** Reservation window (docs/domain.md#reservation). */
export const RESERVATION_MS = 15 * 60 * 1000;

/** The human disputeReason of an expired reservation; code tests `failureKind === 'expired'` instead. */
export const EXPIRED_REASON = 'reservation expired';
