import { z } from 'zod';
import { TRANSACTION_STATUSES } from '../domain-values';

/** Sales and refunds over one period: completed purchases by completion time, refunds by when they fell due. */
export const shopPeriodSchema = z.object({
  sales: z.number().int().min(0),
  /** The sold listings' prices, in lamports (a decimal string: bigint on the server). */
  salesLamports: z.string().regex(/^\d+$/),
  refunds: z.number().int().min(0),
});
export type ShopPeriod = z.infer<typeof shopPeriodSchema>;

/**
 * GET /api/admin/shop-stats (admin): how the shop is doing, the numbers GET /metrics gives Prometheus (issue 27).
 * `today` starts at 00:00 UTC; `last30Days` is the 30 days up to now.
 */
export const shopStatsSchema = z.object({
  generatedAt: z.string(),
  today: shopPeriodSchema,
  last30Days: shopPeriodSchema,
  purchasesByState: z.record(z.enum(TRANSACTION_STATUSES), z.number().int().min(0)),
  /** Purchases whose payment reached the seller but lost the listing: each is owed a refund. */
  refundsDue: z.number().int().min(0),
  /** Open purchases holding a listing (initiated or pending). */
  openReservations: z.number().int().min(0),
  /** Custom orders queued or grinding. */
  grindQueue: z.number().int().min(0),
  /** Keys per second over the orders grinding now (0 when none is). */
  grindRate: z.number().min(0),
  /** Server-side RPC calls that failed since this instance started. */
  rpcErrors: z.number().int().min(0),
});
export type ShopStats = z.infer<typeof shopStatsSchema>;
