import { bidIdParamsSchema, offerSchema } from '@shared/api/bids';
import { apiFetch } from '@web/lib/api-client';

/** POST /api/offers/{id}/confirm: "I paid" the offer's deposit; the server reads its escrow now. */
export function confirmOffer(input: { id: string; signature?: string }) {
  const { id } = bidIdParamsSchema.parse(input);
  return apiFetch(`/api/offers/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: input.signature ? { signature: input.signature } : {},
    schema: offerSchema,
  });
}
