import { z } from 'zod';
import { ORDER_LANES, ORDER_POSITIONS, ORDER_STATUSES } from '../domain-values';
import { isSolanaAddress, isTransactionSignature } from '../keys/base58';
import { receiptSchema } from '../trust/receipt-schema';
import { paymentInstructionsSchema } from './transactions';

/**
 * Custom-pattern order API shapes (docs/domain.md#custom-orders). Money is a SOL decimal string at the edge, as
 * everywhere.
 */

export const orderPatternSchema = z.object({
  pattern: z.string({ error: 'pattern must be text' }).max(64, 'pattern is too long'),
  position: z.enum(ORDER_POSITIONS, { error: "position must be 'prefix' or 'suffix'" }),
  caseSensitive: z.boolean({ error: 'caseSensitive must be true or false' }).default(true),
  lane: z
    .enum(ORDER_LANES, { error: "lane must be 'wallet', 'split-key' or 'seed-derived'" })
    .default('wallet')
    .describe('what the address is for: an importable wallet key, a split key nobody else holds, or no key at all'),
});
export type OrderPatternBody = z.input<typeof orderPatternSchema>;

const point32Schema = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(32, `${field} is too short`)
    .max(44, `${field} is too long`)
    .refine(isSolanaAddress, `${field} must be base58 of 32 bytes`);

/**
 * POST /api/orders: the pattern, plus what its lane needs (DESIGN.md §14). A split-key order carries `basePoint`,
 * P = a·G made in the buyer's browser; a seed-derived order may name `base` (the buyer's wallet, the default) and
 * `owner` (the program that will own the account, the Token program by default).
 */
export const orderPlaceSchema = orderPatternSchema.extend({
  basePoint: point32Schema('basePoint').optional().describe('split key: P = a·G, base58 of its 32 bytes'),
  base: point32Schema('base').optional().describe("seed-derived: the base wallet (default: the session's wallet)"),
  owner: point32Schema('owner').optional().describe('seed-derived: the owning program (default: the Token program)'),
});
export type OrderPlaceBody = z.input<typeof orderPlaceSchema>;

export const orderQuoteSchema = z.object({
  lane: z.enum(ORDER_LANES),
  pattern: z.string(),
  position: z.enum(ORDER_POSITIONS),
  caseSensitive: z.boolean(),
  difficulty: z.object({
    probability: z.number().describe('P(one random keypair matches)'),
    expectedAttempts: z.number(),
    attempts50: z.number().describe('keys after which the chance of a match is 50%'),
    attempts95: z.number().describe('keys after which the chance of a match is 95%'),
  }),
  keysPerSecond: z.number().describe("the shop's measured grind rate on this lane (all workers of this instance)"),
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
  lane: z.enum(ORDER_LANES),
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
  /** A purchased wallet-lane order: the requester's purchase of the address (its key is revealed or destroyed there). */
  purchaseId: z.string().nullable(),
  /** Split key: the P the shop ground from; with `tweak` and `address` anyone can check P + t·G. */
  basePoint: z.string().nullable(),
  /** Seed-derived: the base wallet and owning program of `sha256(base ‖ seed ‖ owner)`. */
  base: z.string().nullable(),
  owner: z.string().nullable(),
  /** Split key, once paid and found: t, base58 of its 32 little-endian bytes. Only the requester is shown it. */
  tweak: z.string().nullable(),
  /** Seed-derived, once paid and found: the seed string. Only the requester is shown it. */
  seed: z.string().nullable(),
  /** Paid-up-front lanes, while the deposit is awaited: where to pay, as a purchase's payment instructions. */
  payment: paymentInstructionsSchema.nullable(),
  /** Paid-up-front lanes: when the deposit is refunded if nothing has been found. */
  deadline: z.string().nullable(),
  /** The payout to the shop of a delivered order, when it has landed. */
  payoutSignature: z.string().nullable(),
  /** Refunds that landed from this order's escrow, oldest first. */
  refundSignatures: z.array(z.string()),
  /** A delivered split-key or seed-derived order's signed receipt: the lane, the proof, "key never held by the shop". */
  receipt: receiptSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/orders/{id}/confirm: the payment's signature is only a hint; the escrow itself is read. */
export const orderConfirmSchema = z
  .object({
    signature: z
      .string()
      .refine(isTransactionSignature, 'signature must be base58 of a 64-byte transaction signature')
      .optional(),
  })
  .default({});

export const orderParamsSchema = z.object({ id: z.uuid({ error: 'The order id must be a UUID' }) });

/**
 * GET /api/addresses/provenance/{address}: an address the shop ground on a lane whose key nobody else holds
 * (DESIGN.md §14), for the address page's "key never held by the shop". Public: it names no buyer and no t.
 */
export const addressProvenanceSchema = z.object({
  address: z.string(),
  lane: z.enum(['split-key', 'seed-derived']),
  keyHeldByShop: z.literal('never'),
  pattern: z.string(),
  position: z.enum(ORDER_POSITIONS),
  deliveredAt: z.string(),
});
export type AddressProvenance = z.infer<typeof addressProvenanceSchema>;

export const myOrdersSchema = z.object({ orders: z.array(orderSchema) });
