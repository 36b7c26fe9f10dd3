import type { ActivityEvent } from '@shared/api/activity';
import { lamportsToSolString } from '@shared/money';
import { ACTIVITY_LIMIT } from './activity.repository';

interface ListingRow {
  price: bigint;
  currency: string;
  createdAt: Date;
}
interface PriceRow {
  price: bigint;
  previousPrice: bigint | null;
  currency: string;
  changeType: string;
  timestamp: Date;
}
interface PurchaseRow {
  status: string;
  failureKind: string | null;
  reservesListing: boolean;
  price: bigint;
  currency: string;
  txHash: string | null;
  createdAt: Date;
  expiresAt: Date;
  verifiedAt: Date | null;
  completedAt: Date | null;
  updatedAt: Date;
}

function event(kind: ActivityEvent['kind'], at: Date, row: { price: bigint; currency: string }, extra = {}) {
  return {
    kind,
    at: at.toISOString(),
    price: lamportsToSolString(row.price),
    previousPrice: null,
    currency: row.currency,
    signature: null,
    ...extra,
  } satisfies ActivityEvent;
}

/** What one purchase row says happened to its listing, oldest first. */
function purchaseEvents(p: PurchaseRow): ActivityEvent[] {
  const events: ActivityEvent[] = [];
  if (p.reservesListing) events.push(event('reserved', p.createdAt, p));
  if (p.status === 'verified' || p.status === 'completed') {
    events.push(event('sold', p.verifiedAt ?? p.completedAt ?? p.updatedAt, p, { signature: p.txHash }));
  } else if (p.failureKind === 'refund_due') {
    // The row's last change is the one that found the payment; a rejected payment's signature is let go.
    events.push(event('refund_due', p.updatedAt, p, { signature: p.txHash }));
  } else if (p.status === 'failed' && p.reservesListing) {
    // An expired hold ended when its window did (or, swept early, when it was swept); a rejected payment ended it
    // when it was judged.
    const ended = p.failureKind === 'expired' && p.expiresAt < p.updatedAt ? p.expiresAt : p.updatedAt;
    events.push(event('released', ended, p));
  }
  return events;
}

/**
 * A listing's activity, newest first: listed (its creation, at the first price it had), each repricing, and what
 * its purchases did. Ties keep the order the events happened in.
 */
export function activityOf(listing: ListingRow, prices: PriceRow[], purchases: PurchaseRow[]): ActivityEvent[] {
  const oldestFirst = [...prices].reverse();
  const listedRow = oldestFirst.find((p) => p.changeType === 'listed');
  const repricings = oldestFirst.filter((p) => p.changeType === 'price_change');
  // Creating a listing writes no history row: its first price is the first repricing's previous price.
  const listed = listedRow
    ? event('listed', listedRow.timestamp, listedRow)
    : event('listed', listing.createdAt, {
        price: repricings[0]?.previousPrice ?? listing.price,
        currency: listing.currency,
      });
  const events = [
    listed,
    ...repricings.map((p) =>
      event('repriced', p.timestamp, p, {
        previousPrice: p.previousPrice === null ? null : lamportsToSolString(p.previousPrice),
      }),
    ),
    ...[...purchases].reverse().flatMap(purchaseEvents),
  ];
  // A stable sort: equal times keep the order above (listed first, a reservation before its sale).
  return events
    .map((e, i) => ({ e, i, t: Date.parse(e.at) }))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .map(({ e }) => e)
    .slice(0, ACTIVITY_LIMIT);
}
