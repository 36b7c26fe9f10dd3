import { purchaseIdParamsSchema, purchaseSchema, type PurchaseView } from '@shared/api/transactions';
import { apiFetch } from '@web/lib/api-client';

export const verifyPurchaseInputSchema = purchaseIdParamsSchema;

/**
 * PATCH /api/transactions/{id}/verify: asks the server to check the payment on chain now. The answer is the
 * updated purchase; "not ready yet" and other refusals throw, and the caller just keeps polling.
 */
export function verifyPurchase(id: string, signal?: AbortSignal): Promise<PurchaseView> {
  const params = verifyPurchaseInputSchema.parse({ id });
  return apiFetch(`/api/transactions/${encodeURIComponent(params.id)}/verify`, {
    method: 'PATCH',
    schema: purchaseSchema,
    signal,
  });
}
