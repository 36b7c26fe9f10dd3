import { orderParamsSchema, orderSchema, type Order } from '@shared/api/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { orderKeys } from './order-keys';

export const getOrderInputSchema = orderParamsSchema;

/** GET /api/orders/{id}: attempts so far, rate, the chance found by now, ETA. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  getOrderInputSchema.parse({ id });
  return apiFetch(`/api/orders/${encodeURIComponent(id)}`, { schema: orderSchema, signal });
}

const isActive = (o: Order | undefined) => o?.status === 'queued' || o?.status === 'grinding';

/**
 * The server counts the attempts; the page refetches every second while the order is queued or grinding, and every
 * three while a paid-up-front order awaits its deposit (the server watches the escrow and moves it on by itself).
 */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchInterval: (query) =>
      isActive(query.state.data) ? 1_000 : query.state.data?.status === 'awaiting-payment' ? 3_000 : false,
  });

export const useOrder = (id: string | null) => useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null });
