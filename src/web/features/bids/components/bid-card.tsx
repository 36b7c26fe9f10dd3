import type { Bid } from '@shared/api/bids';
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClass } from '@web/components/button';
import { BidStatusBadge } from './bid-status-badge';
import { DepositPayment } from './deposit-payment';
import { patternText } from './pattern-text';
import { RefundLinks } from './refund-links';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export interface DepositState {
  paying: boolean;
  sent: boolean;
  onPay(): void;
}

/** One of my pattern bids: what it asks for, where it stands, and what I can do about it. */
export function BidCard({
  bid,
  deposit,
  cancelling,
  onCancel,
}: {
  bid: Bid;
  deposit: DepositState;
  cancelling: boolean;
  onCancel(): void;
}) {
  const live = bid.status === 'awaiting-deposit' || bid.status === 'open';
  return (
    <li
      id={`bid-${bid.id}`}
      data-testid="my-bid"
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-vault-700/80 bg-vault-900/80 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono text-base font-semibold break-all text-vault-100">{patternText(bid)}</h3>
        <BidStatusBadge status={bid.status} />
      </div>
      <p className="text-sm text-vault-300">
        Up to <strong className="font-mono text-money-300">{bid.maxPrice} SOL</strong>
        {live
          ? ` · stands until ${when.format(new Date(bid.expiresAt))}`
          : bid.closedAt
            ? ` · ended ${when.format(new Date(bid.closedAt))}`
            : ''}
      </p>
      {bid.status === 'awaiting-deposit' && bid.payment && (
        <DepositPayment id={bid.id} payment={bid.payment} what="bid" {...deposit} />
      )}
      {bid.status === 'open' && (
        <p className="text-sm text-sky-300">
          Funded. The first matching address listed at or below your price is bought for you.
        </p>
      )}
      {bid.status === 'filled' && bid.address && (
        <div className="flex flex-col gap-2 rounded-xl bg-money-500/10 p-3 ring-1 ring-money-500/30">
          <p className="text-sm text-vault-200">
            Bought{bid.filledPrice ? ` for ${bid.filledPrice} SOL` : ''}:{' '}
            <Link
              to={`/address/${encodeURIComponent(bid.address)}`}
              className="font-mono break-all text-money-300 hover:text-money-200"
              data-testid="bid-address"
            >
              {bid.address}
            </Link>
          </p>
          {bid.transactionId && (
            <Link
              to={`/secure-transaction/${encodeURIComponent(bid.transactionId)}`}
              className={buttonClass('primary', 'sm', 'self-start')}
            >
              <KeyRound aria-hidden className="h-4 w-4" /> Reveal the key
            </Link>
          )}
        </div>
      )}
      <RefundLinks signatures={bid.refundSignatures} />
      {live && (
        <Button variant="secondary" size="sm" className="self-start" loading={cancelling} onClick={onCancel}>
          Cancel bid
        </Button>
      )}
    </li>
  );
}
