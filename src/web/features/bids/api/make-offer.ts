import { bidIdParamsSchema, createdBidSchema, createOfferSchema, type CreateOfferBody } from '@shared/api/bids';
import { apiFetch } from '@web/lib/api-client';

export const makeOfferInputSchema = createOfferSchema;

/** POST /api/addresses/{id}/offers: an offer below the listed price, saved awaiting its deposit. */
export function makeOffer(addressId: string, input: CreateOfferBody) {
  const { id } = bidIdParamsSchema.parse({ id: addressId });
  return apiFetch(`/api/addresses/${encodeURIComponent(id)}/offers`, {
    method: 'POST',
    body: makeOfferInputSchema.parse(input),
    schema: createdBidSchema,
  });
}
