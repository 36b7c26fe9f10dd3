import type { Offer } from '@shared/api/bids';
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClass } from '@web/components/button';
import type { DepositState } from './bid-card';
import { BidStatusBadge } from './bid-status-badge';
import { DepositPayment } from './deposit-payment';
import { RefundLinks } from './refund-links';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One offer I made: the price, where it stands, its deposit while awaited, and the key once accepted. */
export function OfferRow({
  offer,
  deposit,
  cancelling,
  onCancel,
  showAddress,
}: {
  offer: Offer;
  deposit: DepositState;
  cancelling: boolean;
  onCancel(): void;
  /** On the address page the address is the page's; elsewhere the row names it. */
  showAddress: boolean;
}) {
  const live = offer.status === 'awaiting-deposit' || offer.status === 'open';
  return (
    <li
      id={`offer-${offer.id}`}
      data-testid="my-offer"
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-vault-700/80 bg-vault-950/40 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-vault-200">
          Offer <strong className="font-mono text-money-300">{offer.price} SOL</strong>
          <span className="text-vault-400"> · listed at {offer.listedPrice} SOL</span>
        </p>
        <BidStatusBadge status={offer.status} />
      </div>
      {showAddress && (
        <Link
          to={`/address/${encodeURIComponent(offer.address)}`}
          className="font-mono text-sm break-all text-sky-300 hover:text-sky-200"
        >
          {offer.address}
        </Link>
      )}
      {live && <p className="text-xs text-vault-400">Stands until {when.format(new Date(offer.expiresAt))}</p>}
      {offer.status === 'awaiting-deposit' && offer.payment && (
        <DepositPayment id={offer.id} payment={offer.payment} what="offer" {...deposit} />
      )}
      {offer.status === 'open' && (
        <p className="text-sm text-sky-300">Funded. The seller can accept it until it expires.</p>
      )}
      {offer.status === 'accepted' && offer.transactionId && (
        <Link
          to={`/secure-transaction/${encodeURIComponent(offer.transactionId)}`}
          className={buttonClass('primary', 'sm', 'self-start')}
        >
          <KeyRound aria-hidden className="h-4 w-4" /> Accepted: reveal the key
        </Link>
      )}
      <RefundLinks signatures={offer.refundSignatures} />
      {live && (
        <Button variant="secondary" size="sm" className="self-start" loading={cancelling} onClick={onCancel}>
          Cancel offer
        </Button>
      )}
    </li>
  );
}
