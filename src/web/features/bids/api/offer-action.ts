import { bidIdParamsSchema, offerSchema } from '@shared/api/bids';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { offerKeys } from './bid-keys';

/** The seller answers an offer (accept, decline); the bidder withdraws it (cancel). */
export type OfferAction = 'accept' | 'decline' | 'cancel';

/**
 * POST /api/offers/{id}/accept | decline | cancel. Accepting sells the listing at the offer's price from its
 * deposit; declining or cancelling refunds the deposit.
 */
export function actOnOffer(input: { id: string; action: OfferAction }) {
  const { id } = bidIdParamsSchema.parse(input);
  return apiFetch(`/api/offers/${encodeURIComponent(id)}/${input.action}`, {
    method: 'POST',
    body: {},
    schema: offerSchema,
  });
}

export function useOfferAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnOffer,
    // The offer leaves one list and changes in another; an accept also changes the listing's best offer.
    onSettled: () => client.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
