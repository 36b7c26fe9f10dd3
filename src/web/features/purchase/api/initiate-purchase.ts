import type { InitiatePurchaseBody, InitiatePurchaseResponse } from '@shared/api/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches, purchaseKeys } from './query-keys';

/** POST /api/transactions/initiate: reserves the listing and returns the payment to make. */
export async function initiatePurchase(body: InitiatePurchaseBody): Promise<InitiatePurchaseResponse> {
  // Buy buttons are on the first paint of / and /marketplace; the schemas (and Zod) load with the first purchase.
  const { initiatePurchaseBodySchema, initiatePurchaseResponseSchema } = await import('@shared/api/transactions');
  return apiFetch('/api/transactions/initiate', {
    method: 'POST',
    body: initiatePurchaseBodySchema.parse(body),
    schema: initiatePurchaseResponseSchema,
  });
}

export function useInitiatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initiatePurchase,
    onSuccess: (response) => {
      queryClient.setQueryData(purchaseKeys.payment(response.transactionId), response.payment);
      void invalidateTradeCaches(queryClient);
    },
  });
}
