import { createBidSchema, createdBidSchema, type CreateBidBody } from '@shared/api/bids';
import { apiFetch } from '@web/lib/api-client';

export const placeBidInputSchema = createBidSchema;

/** POST /api/bids: the bid is saved awaiting its deposit; the answer says where to pay it. */
export const placeBid = (input: CreateBidBody) =>
  apiFetch('/api/bids', { method: 'POST', body: placeBidInputSchema.parse(input), schema: createdBidSchema });
