import { orderParamsSchema, orderSchema } from '@shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { orderKeys } from './order-keys';

export const cancelOrderInputSchema = orderParamsSchema;

/** POST /api/orders/{id}/cancel: before delivery; a paid-up-front order's deposit is refunded. */
export function cancelOrder(id: string) {
  cancelOrderInputSchema.parse({ id });
  return apiFetch(`/api/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {}, schema: orderSchema });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      void client.invalidateQueries({ queryKey: orderKeys.mine() });
    },
  });
}
