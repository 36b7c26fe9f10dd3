import type { Offer } from '@shared/api/bids';
import { useState } from 'react';
import { toast } from '@web/components/toast-store';
import { confirmOffer } from './api/confirm-offer';
import { offerKeys } from './api/bid-keys';
import { useOfferAction } from './api/offer-action';
import type { DepositState } from './components/bid-card';
import { usePayDeposit, type DepositTarget } from './use-pay-deposit';

/**
 * What a list of my offers needs: one deposit payment (remembering which deposits were sent, so a row does not offer
 * to pay twice while the shop has not seen it yet) and Cancel.
 */
export function useOfferDeposits() {
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const pay = usePayDeposit({ confirm: confirmOffer, listKey: offerKeys.all });
  const act = useOfferAction();
  const payDeposit = (target: DepositTarget) =>
    pay.mutate(target, {
      onSuccess: () => {
        setSent((ids) => new Set(ids).add(target.id));
        toast({ title: 'Deposit paid', description: 'Your offer stands once the shop sees it.', variant: 'success' });
      },
    });
  const depositOf = (offer: Offer): DepositState => ({
    paying: pay.isPending && pay.variables?.id === offer.id,
    sent: sent.has(offer.id),
    onPay: () => offer.payment && payDeposit({ id: offer.id, payment: offer.payment }),
  });
  const cancel = (offer: Offer) =>
    act.mutate(
      { id: offer.id, action: 'cancel' },
      {
        onSuccess: () =>
          toast({
            title: 'Offer cancelled',
            description: offer.fundedAt ? 'The deposit is on its way back to your wallet.' : undefined,
            variant: 'success',
          }),
        onError: (e) => toast({ title: 'Not cancelled', description: e.message, variant: 'error' }),
      },
    );
  const cancelling = (offer: Offer) => act.isPending && act.variables?.id === offer.id;
  return { payDeposit, paying: pay.isPending, depositOf, cancel, cancelling };
}
