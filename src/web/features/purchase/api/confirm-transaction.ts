import { confirmTransactionBodySchema, transactionSchema, type PurchaseView } from '@shared/api/transactions';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export { confirmTransactionBodySchema };

/** POST /api/transactions/{id}/confirm: hands in the payment signature (docs/domain.md#confirmation). */
export function confirmTransaction(
  id: string,
  body: z.input<typeof confirmTransactionBodySchema>,
): Promise<PurchaseView> {
  return apiFetch(`/api/transactions/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: confirmTransactionBodySchema.parse(body),
    schema: transactionSchema,
  });
}
