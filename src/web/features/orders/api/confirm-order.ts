import { orderConfirmSchema, orderParamsSchema, orderSchema } from '@shared/api/orders';
import type { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';

export const confirmOrderInputSchema = orderParamsSchema.and(orderConfirmSchema);

/**
 * POST /api/orders/{id}/confirm: "I paid" for a paid-up-front order. The server reads the order's escrow then (it
 * also watches it by itself), so the signature only helps it look sooner.
 */
export function confirmOrder(input: z.input<typeof confirmOrderInputSchema>) {
  const { id, signature } = confirmOrderInputSchema.parse(input);
  return apiFetch(`/api/orders/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: orderConfirmSchema.parse({ signature }),
    schema: orderSchema,
  });
}
