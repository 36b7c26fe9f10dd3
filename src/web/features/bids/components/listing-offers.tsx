import type { Offer } from '@shared/api/bids';
import { shortenAddress } from '@shared/format/address';
import { parseSolToLamports } from '@shared/money';
import { Button } from '@web/components/button';
import { toast } from '@web/components/toast-store';
import { useOfferAction, type OfferAction } from '../api/offer-action';
import { useReceivedOffers } from '../api/get-received-offers';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const DONE: Record<Exclude<OfferAction, 'cancel'>, { title: string; description: string }> = {
  accept: { title: 'Offer accepted', description: 'The address is sold at the offer price; the payout is on its way.' },
  decline: { title: 'Offer declined', description: 'The bidder gets their deposit back.' },
};

/**
 * On the seller's listing card: the funded offers on that listing, best first, each with Accept and Decline. All
 * cards read one list (GET /api/offers/received), so a page of cards asks the server once.
 */
export function ListingOffers({ addressId }: { addressId: string }) {
  const received = useReceivedOffers(true);
  const act = useOfferAction();
  const offers = (received.data?.offers ?? [])
    .filter((o) => o.addressId === addressId && o.status === 'open')
    .sort((a, b) => (parseSolToLamports(b.price) > parseSolToLamports(a.price) ? 1 : -1));
  if (offers.length === 0) return null;
  const run = (offer: Offer, action: Exclude<OfferAction, 'cancel'>) =>
    act.mutate(
      { id: offer.id, action },
      {
        onSuccess: () => toast({ ...DONE[action], variant: 'success' }),
        onError: (e) => toast({ title: 'Not done', description: e.message, variant: 'error' }),
      },
    );
  const busy = (offer: Offer, action: OfferAction) =>
    act.isPending && act.variables?.id === offer.id && act.variables.action === action;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl bg-gold-400/5 p-3 ring-1 ring-gold-400/30"
      data-testid="listing-offers"
    >
      <h3 className="text-sm font-semibold text-gold-300">
        {offers.length === 1 ? '1 open offer' : `${offers.length} open offers`}
      </h3>
      <ul className="flex flex-col gap-2">
        {offers.map((offer) => (
          <li
            key={offer.id}
            id={`offer-${offer.id}`}
            data-testid="received-offer"
            className="flex flex-wrap items-center justify-between gap-2 border-t border-vault-800 pt-2 first:border-t-0 first:pt-0"
          >
            <p className="min-w-0 text-sm text-vault-300">
              <strong className="font-mono text-money-300">{offer.price} SOL</strong> from{' '}
              <span className="font-mono" title={offer.bidderWallet}>
                {shortenAddress(offer.bidderWallet, 4, 4)}
              </span>
              <span className="block text-xs text-vault-400">until {when.format(new Date(offer.expiresAt))}</span>
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                loading={busy(offer, 'accept')}
                disabled={act.isPending}
                aria-label={`Accept the ${offer.price} SOL offer`}
                onClick={() => run(offer, 'accept')}
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                loading={busy(offer, 'decline')}
                disabled={act.isPending}
                aria-label={`Decline the ${offer.price} SOL offer`}
                onClick={() => run(offer, 'decline')}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
