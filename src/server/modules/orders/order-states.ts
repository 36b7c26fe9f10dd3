import type { OrderStatus } from '@shared/domain-values';
import { stateMachine } from '@server/db/state-machine';

/**
 * The custom order state machine (docs/domain.md#order-states): every move of `custom_orders.status`, with why it
 * happens. A wallet-lane order starts `queued`; a paid-up-front one (split-key, seed-derived) starts
 * `awaiting-payment`. `purchased`, `delivered`, `expired`, `refunded` and `cancelled` are final. `ordersRepository`
 * is the only writer; each of its status writes names its moves and calls `orderStates.assertMoves` first, so a move
 * this table lacks throws IllegalMoveError before anything is written.
 */
export const orderStates = stateMachine<OrderStatus>('custom order', {
  'awaiting-payment': {
    queued: 'the first payment covering the total landed in its escrow, held while it grinds',
    expired: 'nothing covering the total arrived within the payment window',
    cancelled: 'its requester cancelled it before paying, or the bid it was ordered for closed',
  },
  queued: {
    grinding: 'a grinder claimed it under a lease',
    refunded: 'its deadline passed before any grinder took it: the deposit goes back',
    cancelled: 'its requester cancelled it, or the bid it was ordered for closed',
  },
  grinding: {
    // The row's state stays; its lease changes hands.
    grinding: "another instance took it over because its grinder's lease ran out (that instance died)",
    found: 'a wallet-lane key was found: sealed, listed and reserved for the requester',
    expired: "a wallet-lane key was found but the requester's wallet no longer covers the price: listed on open sale",
    delivered: 'a split-key or seed-derived find was delivered, its held payment decided as the sale',
    refunded: 'its deadline passed with nothing found: the deposit goes back',
    cancelled:
      'its requester cancelled it, the bid it was ordered for closed, or the claim found the wallet no longer covers the price',
  },
  found: {
    purchased: 'its listing sold',
    expired: 'its reservation ran out unbought: the listing stays on open sale',
  },
  purchased: {},
  delivered: {},
  expired: {},
  refunded: {},
  cancelled: {},
});
