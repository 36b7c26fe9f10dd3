import { listingIdParamsSchema } from '@shared/api/listings';
import { safetyReportSchema, type SafetyReport } from '@shared/api/trust';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const addressSafetyInputSchema = listingIdParamsSchema;

/** GET /api/addresses/{id}/safety: the account-safety checks read from the chain (the server keeps them ≤ 60 s). */
export function getAddressSafety(id: string, recheck = false, signal?: AbortSignal): Promise<SafetyReport> {
  const input = addressSafetyInputSchema.parse({ id });
  return apiFetch(`/api/addresses/${input.id}/safety${recheck ? '?recheck=true' : ''}`, {
    schema: safetyReportSchema,
    signal,
  });
}

export const addressSafetyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['addresses', 'safety', id],
    queryFn: ({ signal }) => getAddressSafety(id, false, signal),
    staleTime: 60_000,
  });

export const useAddressSafety = (id: string) => useQuery(addressSafetyQueryOptions(id));

/** "Re-check": reads the chain again now, past the server's cache, and replaces the shown answer. */
export function useRecheckAddressSafety(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getAddressSafety(id, true),
    onSuccess: (report) => queryClient.setQueryData(addressSafetyQueryOptions(id).queryKey, report),
  });
}
