import { z } from 'zod';
import { PATTERN_POSITIONS } from '../domain-values';
import { MAX_PATTERN_LENGTH } from './search-filters';

/**
 * GET /api/market/pattern-class (docs/domain.md#market-reading): what one pattern class trades at. A class is the
 * (length, position, case) triple pattern bids are matched by (src/shared/pattern-keys.ts). SOL amounts are decimal
 * strings, times ISO 8601, days UTC.
 */

/** Days of history, today (UTC) included. */
export const MARKET_READING_DAYS = 30;

const lengthMessage = `length must be a whole number from 1 to ${MAX_PATTERN_LENGTH}`;

export const patternClassQuerySchema = z.object({
  length: z.coerce
    .number({ error: lengthMessage })
    .int(lengthMessage)
    .min(1, lengthMessage)
    .max(MAX_PATTERN_LENGTH, lengthMessage),
  position: z.enum(PATTERN_POSITIONS, { error: "position must be 'prefix', 'suffix' or 'anywhere'" }),
  // Required: a listing's pattern defaults to case-sensitive and a bid's to any case, so neither default is obvious.
  caseSensitive: z
    .enum(['true', 'false'], { error: 'caseSensitive must be true or false' })
    .transform((v) => v === 'true'),
});
export type PatternClassQuery = z.output<typeof patternClassQuerySchema>;
export type PatternClassInput = z.input<typeof patternClassQuerySchema>;

const sol = z.string().describe('SOL as a decimal string');

export const marketReadingDaySchema = z.object({
  day: z.iso.date().describe('a UTC day, YYYY-MM-DD'),
  median: sol
    .nullable()
    .describe("the median sale price that day (a real sale's price: the lower middle); null if none"),
  sales: z.number().int().nonnegative(),
});
export type MarketReadingDay = z.infer<typeof marketReadingDaySchema>;

export const marketReadingSchema = z.object({
  class: z.object({
    length: z.number().int(),
    position: z.enum(PATTERN_POSITIONS),
    caseSensitive: z.boolean(),
  }),
  floor: z
    .object({ price: sol, addressId: z.string(), address: z.string() })
    .nullable()
    .describe('the cheapest listing of the class that can be bought now'),
  bestBid: sol.nullable().describe('the highest price an open (funded) pattern bid of the class pays'),
  lastSale: z.object({ price: sol, at: z.iso.datetime() }).nullable(),
  history: z
    .array(marketReadingDaySchema)
    .describe(
      `one entry per UTC day for the last ${MARKET_READING_DAYS} days, oldest first, days without sales included`,
    ),
});
export type MarketReading = z.infer<typeof marketReadingSchema>;
