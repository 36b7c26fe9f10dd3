import type { Listing } from '@shared/api/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { toast } from '@web/components/toast-store';
import { ConnectWalletButton, useWallet } from '@web/features/wallet';
import { offerKeys } from '../api/bid-keys';
import { useBestOffer } from '../api/get-best-offer';
import { useMyOffers } from '../api/get-my-offers';
import { makeOffer } from '../api/make-offer';
import { useOfferDeposits } from '../use-offer-deposits';
import { expiresAtIn, type ExpiryDays } from './expiry-select';
import { MakeOfferForm } from './make-offer-form';
import { OfferRow } from './offer-row';

/**
 * The address page's offers: the best open offer (public, naming no bidder), and for a signed-in wallet that does not
 * sell the address a "Make an offer" form, paid like a bid, with the offers it already made here.
 */
export function OfferPanel({
  listing,
  isOwner,
}: {
  listing: Pick<Listing, 'id' | 'price' | 'status'>;
  isOwner: boolean;
}) {
  const queryClient = useQueryClient();
  const { address, status } = useWallet();
  const signedIn = Boolean(address) && status === 'connected';
  const best = useBestOffer(listing.id);
  const mine = useMyOffers(signedIn && !isOwner);
  const deposits = useOfferDeposits();
  const place = useMutation({
    mutationFn: (input: { price: string; expiryDays: ExpiryDays }) =>
      makeOffer(listing.id, { price: input.price, expiresAt: expiresAtIn(input.expiryDays) }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: offerKeys.mine() });
      toast({ title: 'Offer made', description: 'Approve the deposit in your wallet.', variant: 'success' });
      if (created.payment) deposits.payDeposit({ id: created.id, payment: created.payment });
    },
    onError: (e) => toast({ title: 'Offer not made', description: e.message, variant: 'error' }),
  });
  const here = mine.data?.offers.filter((o) => o.addressId === listing.id) ?? [];
  const canOffer = listing.status === 'available' && !isOwner;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HandCoins aria-hidden className="h-5 w-5 text-gold-300" /> Offers
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-vault-300" data-testid="best-offer">
          {best.isPending ? (
            'Loading offers…'
          ) : best.data?.bestOffer ? (
            <>
              Best offer: <strong className="font-mono text-money-300">{best.data.bestOffer} SOL</strong>
              {best.data.openOffers > 1 && ` (${best.data.openOffers} open offers)`}
            </>
          ) : (
            'No offers yet.'
          )}
        </p>
        {canOffer &&
          (signedIn ? (
            <MakeOfferForm
              listedPrice={listing.price}
              pending={place.isPending || deposits.paying}
              onSubmit={(input) => place.mutate(input)}
            />
          ) : (
            <ConnectWalletButton variant="secondary" className="self-start">
              Connect Wallet to make an offer
            </ConnectWalletButton>
          ))}
        {here.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label="Your offers on this address">
            {here.map((offer) => (
              <OfferRow
                key={offer.id}
                offer={offer}
                showAddress={false}
                deposit={deposits.depositOf(offer)}
                cancelling={deposits.cancelling(offer)}
                onCancel={() => deposits.cancel(offer)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
