import { transactionIdParamsSchema, transactionSchema, type PurchaseView } from '@shared/api/transactions';
import { apiFetch } from '@web/lib/api-client';

export const verifyTransactionInputSchema = transactionIdParamsSchema;

/**
 * PATCH /api/transactions/{id}/verify: asks the server to check the payment on chain now. The answer is the
 * updated purchase; "not ready yet" and other refusals throw, and the caller just keeps polling.
 */
export function verifyTransaction(id: string, signal?: AbortSignal): Promise<PurchaseView> {
  const params = verifyTransactionInputSchema.parse({ id });
  return apiFetch(`/api/transactions/${encodeURIComponent(params.id)}/verify`, {
    method: 'PATCH',
    schema: transactionSchema,
    signal,
  });
}
