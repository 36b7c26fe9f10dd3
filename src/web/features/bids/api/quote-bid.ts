import { bidQuoteSchema, patternFieldsSchema, type BidQuote, type PatternFields } from '@shared/api/bids';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { bidKeys } from './bid-keys';

/** The pattern as typed; the query string carries it as text (caseSensitive 'true' or 'false'). */
export const quoteBidInputSchema = patternFieldsSchema;

/** GET /api/bids/quote (public): the odds of the pattern, the stock that matches it now, and a custom grind's price. */
export function quoteBid(input: PatternFields, signal?: AbortSignal): Promise<BidQuote> {
  const { pattern, position, caseSensitive } = quoteBidInputSchema.parse(input);
  const query = new URLSearchParams({ pattern, position, caseSensitive: String(caseSensitive) });
  return apiFetch(`/api/bids/quote?${query}`, { schema: bidQuoteSchema, signal });
}

export const bidQuoteQueryOptions = (input: PatternFields) =>
  queryOptions({
    queryKey: bidKeys.quote(input.pattern, input.position, input.caseSensitive),
    queryFn: ({ signal }) => quoteBid(input, signal),
    // Stock changes as listings sell; a quote a minute old is still a fair guide while the user types.
    staleTime: 60_000,
    retry: false,
  });

/** The live quote (the caller debounces); only a pattern the contract accepts is asked about. */
export function useBidQuote(input: PatternFields) {
  return useQuery({
    ...bidQuoteQueryOptions(input),
    enabled: quoteBidInputSchema.safeParse(input).success,
    placeholderData: keepPreviousData,
  });
}
