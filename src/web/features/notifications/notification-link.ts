import type { Notification } from '@shared/api/bids';

/**
 * Where a notification leads (its data carries the ids it concerns, docs/domain.md#bids-and-offers): a fill or an
 * accepted offer to the purchase, where the key is revealed; the seller's sale to its transaction; an offer to the
 * list where it is answered or withdrawn; a bid to its card on /bids; a watch match to the address.
 */
export function notificationLink({ kind, data }: Pick<Notification, 'kind' | 'data'>): string {
  const tx = data.transactionId;
  switch (kind) {
    case 'bid-filled':
    case 'offer-accepted':
      if (tx) return `/secure-transaction/${encodeURIComponent(tx)}`;
      break;
    case 'listing-sold':
      if (tx) return `/transaction/${encodeURIComponent(tx)}`;
      break;
    case 'offer-received':
    case 'offer-declined':
    case 'offer-refunded': {
      // An offer is a bid on one listing: some notifications name it offerId, others bidId.
      const offer = data.offerId ?? data.bidId;
      return offer ? `/profile#offer-${offer}` : '/profile#offers';
    }
    case 'watch-match':
      if (data.address) return `/address/${encodeURIComponent(data.address)}`;
      return '/bids';
    case 'bid-funded':
    case 'bid-refunded':
      break;
  }
  if (data.bidId) return `/bids#bid-${data.bidId}`;
  if (data.address) return `/address/${encodeURIComponent(data.address)}`;
  return '/bids';
}
