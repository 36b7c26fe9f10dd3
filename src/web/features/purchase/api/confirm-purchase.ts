import { confirmPurchaseBodySchema, purchaseSchema, type PurchaseView } from '@shared/api/transactions';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export { confirmPurchaseBodySchema };

/** POST /api/transactions/{id}/confirm: hands in the payment signature (docs/domain.md#confirmation). */
export function confirmPurchase(id: string, body: z.input<typeof confirmPurchaseBodySchema>): Promise<PurchaseView> {
  return apiFetch(`/api/transactions/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: confirmPurchaseBodySchema.parse(body),
    schema: purchaseSchema,
  });
}
