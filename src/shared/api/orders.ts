import { z } from 'zod';
import { ORDER_POSITIONS, ORDER_STATUSES } from '../domain-values';

/**
 * Custom-pattern order API shapes (docs/domain.md#custom-orders). Money is a SOL decimal string at the edge, as
 * everywhere.
 */

export const orderPatternSchema = z.object({
  pattern: z.string({ error: 'pattern must be text' }).max(64, 'pattern is too long'),
  position: z.enum(ORDER_POSITIONS, { error: "position must be 'prefix' or 'suffix'" }),
  caseSensitive: z.boolean({ error: 'caseSensitive must be true or false' }).default(true),
});
export type OrderPatternBody = z.input<typeof orderPatternSchema>;

export const orderQuoteSchema = z.object({
  pattern: z.string(),
  position: z.enum(ORDER_POSITIONS),
  caseSensitive: z.boolean(),
  difficulty: z.object({
    probability: z.number().describe('P(one random keypair matches)'),
    expectedAttempts: z.number(),
    attempts50: z.number().describe('keys after which the chance of a match is 50%'),
    attempts95: z.number().describe('keys after which the chance of a match is 95%'),
  }),
  keysPerSecond: z.number().describe("the shop's measured grind rate (all workers of this instance)"),
  seconds: z.object({
    expected: z.number().nullable(),
    p50: z.number().nullable(),
    p95: z.number().nullable(),
  }),
  price: z.string().describe('SOL'),
  rarityScore: z.number(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export type { OrderStatus } from '../domain-values';

export const orderSchema = z.object({
  id: z.string(),
  pattern: z.string(),
  position: z.enum(ORDER_POSITIONS),
  caseSensitive: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  price: z.string(),
  probability: z.number(),
  expectedAttempts: z.number(),
  attempts: z.number().describe('keys tried so far'),
  keysPerSecond: z.number(),
  chanceFoundByNow: z.number().describe('1 − (1 − p)^attempts: grinding is memoryless'),
  etaSeconds: z.number().nullable().describe('expected seconds to a match from now, at the current rate'),
  queuePosition: z.number().nullable().describe('orders ahead of this one, while queued'),
  waitedPastEta: z
    .boolean()
    .describe('queued for longer than the grind time quoted when it was placed: queuePosition says how far back it is'),
  closedReason: z.string().nullable().describe('why the order ended without its reservation, when it did'),
  address: z.string().nullable(),
  addressId: z.string().nullable(),
  reservedUntil: z.string().nullable(),
  createdAt: z.string(),
  foundAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderParamsSchema = z.object({ id: z.uuid({ error: 'The order id must be a UUID' }) });

export const myOrdersSchema = z.object({ orders: z.array(orderSchema) });
