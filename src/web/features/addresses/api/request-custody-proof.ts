import { custodyProofBodySchema, custodyProofResponseSchema, type CustodyProof } from '@shared/api/trust';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const custodyProofInputSchema = custodyProofBodySchema;

/** POST /api/addresses/{id}/custody-proof: the vault signs our challenge with the listed key. */
export function requestCustodyProof(listingId: string, challenge: string): Promise<CustodyProof> {
  const body = custodyProofInputSchema.parse({ challenge });
  return apiFetch(`/api/addresses/${encodeURIComponent(listingId)}/custody-proof`, {
    method: 'POST',
    body,
    schema: custodyProofResponseSchema,
  });
}

export const useRequestCustodyProof = () =>
  useMutation({
    mutationFn: ({ listingId, challenge }: { listingId: string; challenge: string }) =>
      requestCustodyProof(listingId, challenge),
  });
