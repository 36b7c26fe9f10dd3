import { orderPlaceSchema, orderSchema, type OrderPlaceBody } from '@shared/api/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { orderKeys } from './order-keys';

export const placeOrderInputSchema = orderPlaceSchema;

/**
 * POST /api/orders: places the order at the quoted price. A split-key order carries `basePoint` (P only: its secret
 * a never leaves the page); a seed-derived one its `owner` program.
 */
export const placeOrder = (input: OrderPlaceBody) =>
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
