import type { ListingStatus } from '@shared/domain-values';
import { stateMachine } from '@server/db/state-machine';

/**
 * The listing state machine (docs/domain.md#listing-states): every move of `addresses.status`, with why it happens.
 * `pending` is a notice to other visitors ("someone is checking out"), never a lock: a pending listing may still be
 * bought, by the reserving buyer, an Actions payment or a bid, and its seller may still delete it while no payment
 * has landed. `sold` and `deleted` are final. Every move in `listingStatusRepository` is a conditional UPDATE
 * `… WHERE status = <from>`: of two instances racing, exactly one moves the row. `listingStatusRepository.move`
 * refuses any move this table lacks.
 */
export const listingStates = stateMachine<ListingStatus>('listing', {
  available: {
    pending: 'a web reservation shows its checkout notice (initiate)',
    sold: 'settlement decided a payment that buys it, a bid filled on it, or the demo seed recorded a sale',
    deleted: 'its seller deleted it (soft delete)',
  },
  pending: {
    available: 'the last web reservation waiting for its payment expired or was refunded without a sale',
    sold: 'settlement decided a payment that buys it, or a bid filled on it',
    deleted: 'its seller deleted it: an unpaid reservation holds nothing',
  },
  sold: {},
  deleted: {},
});
