import { attestationKeyResponseSchema, type AttestationKeyInfo } from '@shared/api/trust';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** GET /api/attestation-key: the shop's published receipt-signing key. */
export function getAttestationKey(signal?: AbortSignal): Promise<AttestationKeyInfo> {
  return apiFetch('/api/attestation-key', { schema: attestationKeyResponseSchema, signal });
}

export const attestationKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['attestation-key'],
    queryFn: ({ signal }) => getAttestationKey(signal),
    staleTime: Infinity,
  });

export const useAttestationKey = () => useQuery(attestationKeyQueryOptions());
