import type { BidStatus } from '@shared/domain-values';
import { stateMachine } from '@server/db/state-machine';

/**
 * The bid and offer state machine (docs/domain.md#bids-and-offers): every move of `bids.status`, with why it happens.
 * A bid or offer starts `awaiting-deposit`; `filled`, `accepted`, `declined`, `cancelled` and `expired` are final.
 * `bidsRepository.update` is the only writer of the column and checks its move here first, so a move this table
 * lacks throws IllegalMoveError before anything is written.
 */
export const bidStates = stateMachine<BidStatus>('bid', {
  'awaiting-deposit': {
    open: 'the first payment covering the deposit landed in its escrow, held while the bid is open',
    expired: 'nothing covering the deposit arrived within the deposit window',
    cancelled: 'its bidder cancelled it before paying',
  },
  open: {
    filled: 'a pattern bid bought a matching listing with its held deposit',
    accepted: "the offer's seller accepted it: the held deposit bought the listing",
    declined: "the offer's seller declined it: the deposit goes back",
    cancelled: "its bidder cancelled it, or the offer's listing is no longer for sale: the deposit goes back",
    expired: 'its expiry passed: the deposit goes back',
  },
  filled: {},
  accepted: {},
  declined: {},
  cancelled: {},
  expired: {},
});
