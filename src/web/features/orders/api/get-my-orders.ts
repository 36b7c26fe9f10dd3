import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { orderKeys } from './order-keys';

/** GET /api/orders/mine: the signed-in wallet's orders, newest first (the page picks up where the user left). */
// Listing cards ask it (a listing reserved for you): the schema (and Zod) loads with the request.
export const getMyOrders = (signal?: AbortSignal) =>
  apiFetch('/api/orders/mine', { schema: () => import('@shared/api/orders').then((m) => m.myOrdersSchema), signal });

export const myOrdersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.mine(), queryFn: ({ signal }) => getMyOrders(signal), staleTime: 0 });

export const useMyOrders = (enabled: boolean) => useQuery({ ...myOrdersQueryOptions(), enabled });
