import { z } from 'zod';

/**
 * Market data API shapes (docs/product-spec.md#home, docs/product-spec.md#api-calls GET /api/market-stats and
 * /api/prices/live). SOL amounts cross the wire as decimal strings, already rounded for the tiles (see
 * docs/market-data.md for definitions).
 */

const solDisplaySchema = z.string().describe('SOL as a decimal string rounded for display, e.g. "12.5"');

export const marketStatsSchema = z.object({
  totalAddresses: z.number().int().nonnegative().describe('listings that can be bought now'),
  totalVolume: solDisplaySchema.describe('sum of all verified or completed sale prices, in SOL'),
  activeUsers: z.number().int().nonnegative().describe('distinct wallets active in the last 30 days'),
  avgPrice: solDisplaySchema.describe('mean price of the listings counted in totalAddresses, in SOL; "0" if none'),
});
export type MarketStats = z.infer<typeof marketStatsSchema>;

export const PRICE_SOURCES = ['feed', 'cache', 'fallback'] as const;

export const livePriceSchema = z.object({
  usd: z.number().positive().describe('USD per unit'),
  lastUpdated: z.string().nullable().describe('when the rate was fetched from the feed (ISO 8601); null for fallback'),
  source: z
    .enum(PRICE_SOURCES)
    .describe('feed: fetched for this request; cache: stored rate; fallback: the fixed rate used when no feed answers'),
  stale: z.boolean().describe('true when the rate is older than 30 s or is the fallback'),
});
export type LivePrice = z.infer<typeof livePriceSchema>;

export const livePricesSchema = z.object({ SOL: livePriceSchema });

/** docs/product-spec.md#constants-and-limits: a rate older than this is refreshed from the feed. */
export const PRICE_STALE_AFTER_MS = 30_000;
