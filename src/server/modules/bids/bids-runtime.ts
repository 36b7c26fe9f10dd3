import type { PatternFields } from '@shared/api/bids';
import type { OrderQuote } from '@shared/api/orders';
import type { PurchaseDeps } from '../purchases';
import type { BidRow } from './bids.repository';

/** What the bid routes need from the running app: the purchase deps, the settlement pass, the grind quote. */
export interface BidsRuntime {
  deps: PurchaseDeps;
  /** One settlement pass for this bid's escrow now (confirm), answering the bid as it then is. */
  settle(bid: BidRow): Promise<BidRow>;
  /** What a custom order for the pattern would cost, or null when the grinder cannot take it. */
  grindQuote(input: PatternFields): OrderQuote | null;
  /** Sells newly listed or repriced addresses to the open bids that match them. */
  onListed(addressIds: readonly string[]): Promise<number>;
  /** One pass over every bid escrow that is due (the worker's, every 5 s). */
  settleAll(): Promise<string[]>;
}
