import { orderPatternSchema, orderSchema, type OrderPatternBody } from '@shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { orderKeys } from './order-keys';

export const placeOrderInputSchema = orderPatternSchema;

/** POST /api/orders: places the order at the quoted price. */
export const placeOrder = (input: OrderPatternBody) =>
  apiFetch('/api/orders', { method: 'POST', body: placeOrderInputSchema.parse(input), schema: orderSchema });

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      void client.invalidateQueries({ queryKey: orderKeys.mine() });
    },
  });
}
