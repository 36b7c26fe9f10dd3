import { z } from 'zod';

/** GET /api/addresses/{id}/price-history: a listing's price events, oldest first, for the address page chart. */
export const priceHistoryParamsSchema = z.object({ id: z.uuid({ error: 'The listing id must be a UUID' }) });

export const pricePointSchema = z.object({
  price: z.string().describe('SOL (or ETH) as a decimal string'),
  currency: z.string(),
  changeType: z.string().describe('listed, price_change or sale'),
  timestamp: z.iso.datetime(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

export const priceHistorySchema = z.object({ points: z.array(pricePointSchema) });
export type PriceHistory = z.infer<typeof priceHistorySchema>;
