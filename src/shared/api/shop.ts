import { z } from 'zod';
import { PURCHASE_STATUSES } from '../domain-values';

const lamports = z.string().regex(/^\d+$/);

/**
 * Sales and refunds over one period: completed purchases by completion time; refunds settlement made (each refund leg
 * out of an escrow, docs/domain.md#settlement) by when it landed on chain.
 */
export const shopPeriodSchema = z.object({
  sales: z.number().int().min(0),
  /** The sold listings' prices, in lamports (a decimal string: bigint on the server). */
  salesLamports: lamports,
  refunds: z.number().int().min(0),
  /** What those refunds sent back to the wallets that paid, in lamports, after their network fees. */
  refundedLamports: lamports,
});
export type ShopPeriod = z.infer<typeof shopPeriodSchema>;

/**
 * GET /api/admin/shop-stats (admin): how the shop is doing, the numbers GET /metrics gives Prometheus.
 * `today` starts at 00:00 UTC; `last30Days` is the 30 days up to now.
 */
export const shopStatsSchema = z.object({
  generatedAt: z.string(),
  today: shopPeriodSchema,
  last30Days: shopPeriodSchema,
  purchasesByState: z.record(z.enum(PURCHASE_STATUSES), z.number().int().min(0)),
  /** Refunds settlement has made since the shop began (landed refund legs), as /metrics counts them. */
  refunds: z.number().int().min(0),
  /** What those refunds sent back, in lamports. */
  refundedLamports: lamports,
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
