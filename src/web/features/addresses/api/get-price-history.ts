import { priceHistoryParamsSchema, priceHistorySchema, type PriceHistory } from '@shared/api/price-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const priceHistoryInputSchema = priceHistoryParamsSchema;

/** GET /api/addresses/{id}/price-history: the listing's price events, oldest first. */
export function getPriceHistory(id: string, signal?: AbortSignal): Promise<PriceHistory> {
  const input = priceHistoryInputSchema.parse({ id });
  return apiFetch(`/api/addresses/${input.id}/price-history`, { schema: priceHistorySchema, signal });
}

export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['addresses', 'price-history', id], queryFn: ({ signal }) => getPriceHistory(id, signal) });

export const usePriceHistory = (id: string) => useQuery(priceHistoryQueryOptions(id));
