import type { InitiateTransactionBody, InitiateTransactionResponse } from '@shared/api/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { invalidateTradeCaches, transactionKeys } from './query-keys';

/** POST /api/transactions/initiate: reserves the listing and returns the payment to make. */
export async function initiateTransaction(body: InitiateTransactionBody): Promise<InitiateTransactionResponse> {
  // Buy buttons are on the first paint of / and /marketplace; the schemas (and Zod) load with the first purchase.
  const { initiateTransactionBodySchema, initiateTransactionResponseSchema } = await import('@shared/api/transactions');
  return apiFetch('/api/transactions/initiate', {
    method: 'POST',
    body: initiateTransactionBodySchema.parse(body),
    schema: initiateTransactionResponseSchema,
  });
}

export function useInitiateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initiateTransaction,
    onSuccess: (response) => {
      queryClient.setQueryData(transactionKeys.payment(response.transactionId), response.payment);
      void invalidateTradeCaches(queryClient);
    },
  });
}
