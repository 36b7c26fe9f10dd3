import { orderPatternSchema, orderQuoteSchema, type OrderPatternBody, type OrderQuote } from '@shared/api/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export const quoteInputSchema = orderPatternSchema;

/** POST /api/orders/quote: a lane's difficulty, time at its measured rate, price and rarity of a pattern. */
export function quoteOrder(input: OrderPatternBody, signal?: AbortSignal): Promise<OrderQuote> {
  return apiFetch('/api/orders/quote', {
    method: 'POST',
    body: quoteInputSchema.parse(input),
    schema: orderQuoteSchema,
    signal,
  });
}

export const quoteQueryOptions = (input: OrderPatternBody) =>
  queryOptions({
    queryKey: ['orders', 'quote', input.lane ?? 'wallet', input.pattern, input.position, input.caseSensitive ?? true],
    queryFn: ({ signal }) => quoteOrder(input, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The live quote while the user types (the caller debounces); the last answer stays up while the next loads. */
export function useQuote(input: OrderPatternBody) {
  return useQuery({
    ...quoteQueryOptions(input),
    enabled: input.pattern.length > 0,
    placeholderData: keepPreviousData,
  });
}
