import type { MarketReading, PatternClassInput } from '@shared/api/market-reading';
import type { PatternClass } from '@shared/pattern-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

const asInput = (c: PatternClass): PatternClassInput => ({
  length: c.length,
  position: c.position,
  caseSensitive: c.caseSensitive ? 'true' : 'false',
});

/** GET /api/market/pattern-class: floor, best bid, last sale and 30 days of sales of one pattern class. */
export async function getPatternClass(c: PatternClass, signal?: AbortSignal): Promise<MarketReading> {
  // The marketplace's reading strip asks it after the first render: the schemas (and Zod) load with the request.
  const { marketReadingSchema, patternClassQuerySchema } = await import('@shared/api/market-reading');
  const input = asInput(c);
  patternClassQuerySchema.parse(input);
  const query = new URLSearchParams({ ...input, length: String(input.length) });
  return apiFetch(`/api/market/pattern-class?${query}`, { schema: marketReadingSchema, signal });
}

export const patternClassQueryOptions = (c: PatternClass) =>
  queryOptions({
    queryKey: ['market', 'pattern-class', c.length, c.position, c.caseSensitive],
    queryFn: ({ signal }) => getPatternClass(c, signal),
    // A reading moves with sales and listings, not by the second: the server keeps it as long as a listing page.
    staleTime: 30_000,
  });

export const usePatternClass = (c: PatternClass | null) =>
  useQuery({ ...patternClassQueryOptions(c ?? { length: 1, position: 'prefix', caseSensitive: true }), enabled: !!c });
