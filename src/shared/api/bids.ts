import { z } from 'zod';
import { BID_STATUSES, NOTIFICATION_KINDS, PATTERN_POSITIONS } from '../domain-values';
import { priceInputSchema } from './listings';
import { paymentInstructionsSchema } from './transactions';

/**
 * Pattern bids, offers, watches and the bell (docs/domain.md#bids-and-offers). Prices are SOL decimal
 * strings and times ISO 8601, as everywhere at the edge.
 */

/** The base58 alphabet: a pattern is matched against an address, so any other character could never match. */
const BASE58_PATTERN = /^[1-9A-HJ-NP-Za-km-z]+$/;
export const MAX_BID_PATTERN_LENGTH = 12;
/** How far the bid quote counts matching stock ("200 or more"). */
export const STOCK_COUNTED = 200;

/** A bid's or watch's pattern as typed: base58 only, 1 to 12 characters. */
export const bidPatternSchema = z
  .string({ error: 'pattern must be text' })
  .trim()
  .min(1, 'pattern must not be empty')
  .max(MAX_BID_PATTERN_LENGTH, `pattern must be at most ${MAX_BID_PATTERN_LENGTH} characters`)
  .regex(BASE58_PATTERN, 'pattern must be base58: no 0, O, I or l, and only letters and digits');

export const patternFieldsSchema = z.object({
  pattern: bidPatternSchema,
  position: z.enum(PATTERN_POSITIONS, { error: "position must be 'prefix', 'suffix' or 'anywhere'" }),
  caseSensitive: z.boolean({ error: 'caseSensitive must be true or false' }).default(false),
});
export type PatternFields = z.output<typeof patternFieldsSchema>;

const futureTimeSchema = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 time` })
    .refine((value) => Date.parse(value) > Date.now(), `${field} must be in the future`);

/** A SOL price field checked by the listing price rules, whose message names the field (`maxPrice: …`). */
const priceField = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be a SOL amount such as "1.5"` })
    .transform((value, ctx) => {
      const read = priceInputSchema.safeParse(value);
      if (read.success) return read.data;
      ctx.addIssue({ code: 'custom', message: `${field}: ${read.error.issues[0]?.message ?? 'is not a price'}` });
      return z.NEVER;
    });

/** POST /api/bids. */
export const createBidSchema = patternFieldsSchema
  .extend({
    maxPrice: priceField('maxPrice').describe('SOL: the most the bid pays for one matching address'),
    expiresAt: futureTimeSchema('expiresAt'),
    grindIfMissing: z
      .boolean({ error: 'grindIfMissing must be true or false' })
      .default(false)
      .describe('once funded with nothing listed, have the shop grind one (prefix or suffix, quoted at most maxPrice)'),
  })
  .refine((b) => !(b.grindIfMissing && b.position === 'anywhere'), {
    path: ['grindIfMissing'],
    message: 'grindIfMissing: the grinder takes prefixes and suffixes only',
  });
export type CreateBidBody = z.input<typeof createBidSchema>;

/** POST /api/addresses/{id}/offers. */
export const createOfferSchema = z.object({
  price: priceField('price').describe('SOL: below the listed price (at the price, buy the listing instead)'),
  expiresAt: futureTimeSchema('expiresAt'),
});
export type CreateOfferBody = z.input<typeof createOfferSchema>;

export const bidIdParamsSchema = z.object({ id: z.uuid({ error: 'The bid id must be a UUID' }) });

/** What a bid or offer answers when created: where its deposit goes, as a purchase's payment instructions. */
export const createdBidSchema = z.object({
  id: z.string(),
  status: z.enum(BID_STATUSES),
  payment: paymentInstructionsSchema.nullable(),
});
export type CreatedBid = z.infer<typeof createdBidSchema>;

const bidMoneySchema = {
  total: z
    .string()
    .describe('SOL: the deposit, the price plus the commission and the payout network fee at that price'),
  status: z.enum(BID_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  fundedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Once filled or accepted: the purchase it became, revealed like any purchase. */
  transactionId: z.string().nullable(),
  /** While the deposit is awaited: where to pay. */
  payment: paymentInstructionsSchema.nullable(),
  /** Refunds that landed from this escrow, oldest first. */
  refundSignatures: z.array(z.string()),
};

export const bidSchema = z.object({
  id: z.string(),
  pattern: z.string(),
  position: z.enum(PATTERN_POSITIONS),
  caseSensitive: z.boolean(),
  maxPrice: z.string().describe('SOL'),
  /** The address bought, once filled. */
  address: z.string().nullable(),
  /** The price the address was bought at, once filled (the rest of the deposit came back). */
  filledPrice: z.string().nullable(),
  grindIfMissing: z.boolean(),
  /** The custom order ground for the bid, when nothing was listed and the buyer asked for one. */
  orderId: z.string().nullable(),
  ...bidMoneySchema,
});
export type Bid = z.infer<typeof bidSchema>;
export const myBidsSchema = z.object({ bids: z.array(bidSchema) });

export const offerSchema = z.object({
  id: z.string(),
  addressId: z.string(),
  address: z.string(),
  price: z.string().describe('SOL'),
  listedPrice: z.string().describe('SOL: the listing price now'),
  bidderWallet: z.string(),
  ...bidMoneySchema,
});
export type Offer = z.infer<typeof offerSchema>;
export const offerListSchema = z.object({ offers: z.array(offerSchema) });

/** GET /api/addresses/{id}/offers/best (public): the best open, funded offer, naming no bidder. */
export const bestOfferSchema = z.object({
  addressId: z.string(),
  bestOffer: z.string().nullable().describe('SOL'),
  openOffers: z.number().int(),
});
export type BestOffer = z.infer<typeof bestOfferSchema>;

/** GET /api/bids/quote: what the bid page shows before the buyer bids. */
export const bidQuoteQuerySchema = patternFieldsSchema.extend({
  caseSensitive: z
    .enum(['true', 'false'], { error: "caseSensitive must be 'true' or 'false'" })
    .default('false')
    .transform((v) => v === 'true'),
});
export const bidQuoteSchema = z.object({
  probability: z.number().describe('P(one random address matches), from the rarity engine'),
  oneIn: z.number().describe('1 / probability, rounded'),
  matchingStock: z.object({
    count: z.number().int().describe(`listings for sale that match now, counted up to ${STOCK_COUNTED}`),
    cheapest: z.array(z.object({ id: z.string(), address: z.string(), price: z.string() })),
  }),
  /** What a custom order for this pattern would cost, when the grinder can take it. */
  grind: z.object({ price: z.string(), p95Seconds: z.number().nullable() }).nullable(),
});
export type BidQuote = z.infer<typeof bidQuoteSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  message: z.string(),
  data: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
