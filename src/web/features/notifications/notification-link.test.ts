import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

describe('notificationLink', () => {
  it('takes a filled bid and an accepted offer to the purchase, where the key is revealed', () => {
    expect(notificationLink({ kind: 'bid-filled', data: { bidId: 'b', transactionId: 't' } })).toBe(
      '/secure-transaction/t',
    );
    expect(notificationLink({ kind: 'offer-accepted', data: { offerId: 'o', transactionId: 't' } })).toBe(
      '/secure-transaction/t',
    );
  });

  it("takes the seller's sale to its transaction and an offer to the profile card that answers it", () => {
    expect(notificationLink({ kind: 'listing-sold', data: { transactionId: 't' } })).toBe('/transaction/t');
    expect(notificationLink({ kind: 'offer-received', data: { offerId: 'o', addressId: 'a' } })).toBe(
      '/profile#offer-o',
    );
    expect(notificationLink({ kind: 'offer-declined', data: { bidId: 'o', addressId: 'a' } })).toBe('/profile#offer-o');
    expect(notificationLink({ kind: 'offer-refunded', data: {} })).toBe('/profile#offers');
  });

  it('takes a bid to its card, a watch match to the address, and anything else to the bids page', () => {
    expect(notificationLink({ kind: 'bid-funded', data: { bidId: 'b' } })).toBe('/bids#bid-b');
    expect(notificationLink({ kind: 'bid-filled', data: { bidId: 'b' } })).toBe('/bids#bid-b');
    expect(notificationLink({ kind: 'watch-match', data: { address: 'Ab c' } })).toBe('/address/Ab%20c');
    expect(notificationLink({ kind: 'watch-match', data: { addressId: 'a' } })).toBe('/bids');
  });
});
