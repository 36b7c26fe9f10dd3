import { LAMPORTS_PER_SOL as SOL } from '@shared/money';
import { describe, expect, it } from 'vitest';
import { activityOf } from './activity';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const listing = { price: 3n * SOL, currency: 'SOL', createdAt: at(0) };
const purchase = (over: Partial<Parameters<typeof activityOf>[2][number]>) => ({
  status: 'initiated',
  failureKind: null,
  reservesListing: true,
  price: 3n * SOL,
  currency: 'SOL',
  txHash: null,
  createdAt: at(10),
  expiresAt: at(25),
  verifiedAt: null,
  completedAt: null,
  updatedAt: at(10),
  ...over,
});

describe('activityOf', () => {
  it('lists at the first price the listing had, before any repricing, newest first', () => {
    const prices = [
      { price: 3n * SOL, previousPrice: 2n * SOL, currency: 'SOL', changeType: 'price_change', timestamp: at(5) },
      { price: 2n * SOL, previousPrice: 1n * SOL, currency: 'SOL', changeType: 'price_change', timestamp: at(2) },
    ];
    const events = activityOf(listing, prices, []);
    expect(events.map((e) => [e.kind, e.price, e.previousPrice])).toEqual([
      ['repriced', '3', '2'],
      ['repriced', '2', '1'],
      ['listed', '1', null],
    ]);
  });

  it('ends an expired hold when its window did, a rejected one when it was judged', () => {
    const expired = purchase({ status: 'failed', failureKind: 'expired', updatedAt: at(40) });
    const rejected = purchase({
      status: 'failed',
      failureKind: 'payment_rejected',
      createdAt: at(50),
      updatedAt: at(52),
    });
    const events = activityOf(listing, [], [rejected, expired]);
    expect(events.map((e) => [e.kind, e.at])).toEqual([
      ['released', at(52).toISOString()],
      ['reserved', at(50).toISOString()],
      ['released', at(25).toISOString()],
      ['reserved', at(10).toISOString()],
      ['listed', at(0).toISOString()],
    ]);
  });

  it('shows a sale and a refund due with their signatures, and an unpaid Actions purchase not at all', () => {
    const sold = purchase({ status: 'completed', txHash: 'sig-sold', verifiedAt: at(12), updatedAt: at(14) });
    const refund = purchase({
      status: 'failed',
      failureKind: 'refund_due',
      reservesListing: false,
      txHash: 'sig-late',
      createdAt: at(11),
      updatedAt: at(13),
    });
    const unpaid = purchase({ reservesListing: false, status: 'pending', createdAt: at(11) });
    const events = activityOf(listing, [], [sold, refund, unpaid]);
    expect(events.map((e) => [e.kind, e.signature])).toEqual([
      ['refund_due', 'sig-late'],
      ['sold', 'sig-sold'],
      ['reserved', null],
      ['listed', null],
    ]);
  });

  it('keeps a reservation before its sale when both carry the same time', () => {
    const sold = purchase({ status: 'verified', txHash: 's', verifiedAt: at(10) });
    expect(activityOf(listing, [], [sold]).map((e) => e.kind)).toEqual(['sold', 'reserved', 'listed']);
  });
});
