import { bidIdParamsSchema, bidSchema } from '@shared/api/bids';
import { apiFetch } from '@web/lib/api-client';

/**
 * POST /api/bids/{id}/confirm: "I paid". The server reads the escrow now (it also watches it by itself), so the
 * signature only helps it look sooner; a funded bid opens and may fill from stock at once.
 */
export function confirmBid(input: { id: string; signature?: string }) {
  const { id } = bidIdParamsSchema.parse(input);
  return apiFetch(`/api/bids/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: input.signature ? { signature: input.signature } : {},
    schema: bidSchema,
  });
}
