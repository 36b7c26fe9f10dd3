import { z } from 'zod';
import { MAX_BULK_ROWS } from '../bulk/limits';
import { CATEGORIES, CURRENCIES, NETWORKS, PROMOTION_TYPES } from '../domain-values';
import { PRICE_RULES, parseSolInput } from '../sol-input';
import { RARITY_TIER_IDS } from '../rarity/tier';
import { rangeProblem, searchFilterFields } from './search-filters';
import { isSearchableText, searchTooShortMessage } from './search-text';
import { safetyCheckSchema } from './trust';
import {
  ADDRESS_REQUIRED,
  PRICE_NOT_POSITIVE,
  PRICE_REQUIRED,
  PRIVATE_KEY_REQUIRED,
  priceProblem,
} from './listing-rules';

/**
 * Listing API shapes (docs/product-spec.md#data-shapes, docs/product-spec.md#validation-rules,
 * docs/product-spec.md#api-calls). Shared by the server's routes and the browser's fetchers and forms. Prices cross the
 * wire as decimal SOL strings (a number is accepted on input).
 */

/** Marketplace and profile page sizes (docs/product-spec.md#constants-and-limits); anything else is refused. */
export const PAGE_SIZE_VALUES = ['20', '50', '100', '500'] as const;

// The messages and the price rule, without Zod: the browser's forms and cards import them from there.
export * from './listing-rules';

/** A price as sent: a decimal SOL string or a number, checked by `priceProblem`, then its normal form ('0,5' → '0.5'). */
export const priceInputSchema = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? PRICE_REQUIRED : PRICE_NOT_POSITIVE),
  })
  .transform((value, ctx) => {
    const read = parseSolInput(value, PRICE_RULES);
    if (read.ok) return read.sol;
    ctx.addIssue({ code: 'custom', message: priceProblem(value) ?? read.reason });
    return z.NEVER;
  });

export const listingIdParamsSchema = z.object({ id: z.uuid({ error: 'The listing id must be a UUID' }) });

export const listingSchema = z.object({
  id: z.string(),
  address: z.string(),
  network: z.string(),
  sellerId: z.string(),
  /** The seller's wallet, so the browser can tell a visitor's own listing apart. */
  sellerWallet: z.string(),
  price: z.string().describe('SOL (or ETH) as a decimal string'),
  currency: z.string(),
  rarityScore: z.number(),
  estimatedValue: z.string().nullable(),
  /** The rarity engine's category (CATEGORIES), or the one its owner chose in the edit form. */
  category: z.string(),
  pattern: z.string().nullable(),
  patternPosition: z.string().nullable(),
  patternLength: z.number().int(),
  /** Whether the pattern is matched case-sensitively: with its length and position, its market class. */
  caseSensitivePattern: z.boolean(),
  status: z.string(),
  isListed: z.boolean(),
  isFeatured: z.boolean(),
  isPromoted: z.boolean(),
  isPremiumListing: z.boolean(),
  promotionType: z.enum(PROMOTION_TYPES),
  featuredUntil: z.string().nullable(),
  createdAt: z.string(),
  /** When the purchase that sold it was verified (address detail only); null otherwise. */
  soldAt: z.string().nullable().optional(),
  /**
   * Ground for a custom order and reserved for its requester until then (address detail only; absent or null
   * otherwise). The same for every caller: the requester's wallet is never sent, and the requester's browser knows
   * the address from its own orders.
   */
  reservedUntil: z.string().nullable().optional(),
  usdPrice: z.number(),
  formattedUsd: z.string(),
});
/**
 * A listing as every caller sees it: the same bytes whoever asks, so shared caches can serve it (decision 0004).
 * Nothing here depends on the viewer; the browser tells "Your Listing" from `sellerWallet` and its session.
 */
export type Listing = z.infer<typeof listingSchema>;

/** A listing in its seller's own list (GET /api/addresses/user): the public shape plus what only they may read. */
export const ownListingSchema = listingSchema.extend({
  /** Why the shop unlisted it (docs/domain.md#account-safety-checks: failed account-safety checks). */
  unlistedReason: z.string().optional(),
});
export type OwnListing = z.infer<typeof ownListingSchema>;

/**
 * Single create's 201 (docs/domain.md#account-safety-checks): the listing, plus the account-safety checks that warned (history, plain token
 * accounts) when any did. A failing check refuses the create instead, so only `warn` checks appear here.
 */
export const createListingResponseSchema = listingSchema.extend({
  safetyWarnings: z
    .array(safetyCheckSchema)
    .optional()
    .describe('the account-safety checks that warned; absent when every check passed'),
});
export type CreateListingResponse = z.infer<typeof createListingResponseSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  /**
   * False when the server stopped counting (at 1,000 listings, 5,000 substring matches, or as far as the next
   * page buttons need): there are more than `total` ("1,000+"), and `totalPages` is a lower bound as well.
   */
  totalExact: z.boolean(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const listingPageSchema = z.object({ addresses: z.array(listingSchema), pagination: paginationSchema });
export type ListingPage = z.infer<typeof listingPageSchema>;
export const ownListingPageSchema = z.object({ addresses: z.array(ownListingSchema), pagination: paginationSchema });
export type OwnListingPage = z.infer<typeof ownListingPageSchema>;
export const featuredListingsSchema = z.object({ addresses: z.array(listingSchema) });

const pageQuery = {
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(1_000_000).default(1),
  pageSize: z
    .enum(PAGE_SIZE_VALUES, { error: 'pageSize must be one of 20, 50, 100 or 500' })
    .default('20')
    .transform(Number),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};
const searchText = z.string().trim().max(100, 'Search text is too long').optional();

export { isSearchableText } from './search-text';

export const searchListingsQuerySchema = z
  .object({
    // One letter or digit where anchored, two anywhere (search-text.ts); checked with the position below.
    query: searchText,
    excludeSold: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    sortBy: z.enum(['createdAt', 'price', 'rarityScore']).default('createdAt'),
    /** Sent by the spec's browser; ignored: identity comes from the session, never a parameter. */
    walletAddress: z.string().max(64).optional(),
    ...pageQuery,
    // The marketplace's filters, all optional and off by default (search-filters.ts).
    ...searchFilterFields,
  })
  .superRefine((q, ctx) => {
    if (q.query && !isSearchableText(q.query, q.position)) {
      ctx.addIssue({ code: 'custom', path: ['query'], message: searchTooShortMessage(q.position) });
    }
    const problem = rangeProblem(q);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type SearchListingsQuery = z.infer<typeof searchListingsQuerySchema>;

export const userListingsQuerySchema = z.object({
  walletAddress: z.string().trim().max(64).optional(),
  search: searchText,
  status: z.enum(['all', 'available', 'sold', 'pending']).default('all'),
  // Free text, not z.enum(CATEGORIES): an owner's edit may set one of the spec's edit-form categories ('premium',
  // 'rare', …), and their own list can still be filtered by it.
  category: z.string().trim().max(40).default('all'),
  sortBy: z.enum(['createdAt', 'price', 'patternLength']).default('createdAt'),
  ...pageQuery,
});
export type UserListingsQuery = z.infer<typeof userListingsQuerySchema>;

export const byAddressParamsSchema = z.object({ address: z.string().trim().min(1).max(128) });

export const createListingBodySchema = z.object({
  address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(128),
  network: z.enum(NETWORKS).default('solana'),
  /** Optional; when sent it must name the signed-in wallet (or its user id): the seller is always the session. */
  sellerId: z.string().max(64).optional(),
  price: priceInputSchema,
  currency: z.enum(CURRENCIES, { error: 'Currency must be SOL or ETH' }).default('SOL'),
  /** Ignored: the server computes rarity, category and value itself (docs/domain.md#rarity-and-value). */
  rarityScore: z.unknown().optional(),
  /** Ignored: the category is the rarity engine's. */
  category: z.unknown().optional(),
  pattern: z.string().trim().max(44, 'Pattern is too long').optional(),
  isListed: z.boolean().default(true),
  /** Ignored: a new listing is always 'available'. */
  status: z.unknown().optional(),
  promotionType: z.enum(['standard', 'featured', 'promoted'], { error: 'Unknown listing type' }).default('standard'),
  isPromoted: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  privateKey: z
    .string({ error: PRIVATE_KEY_REQUIRED })
    .trim()
    .min(1, PRIVATE_KEY_REQUIRED)
    .max(4096, 'Private key is too long to be a Solana key'),
});
export type CreateListingBody = z.input<typeof createListingBodySchema>;

export const updateListingBodySchema = z
  .object({
    price: priceInputSchema.optional(),
    currency: z.enum(CURRENCIES, { error: 'Currency is required' }).optional(),
    pattern: z.string().trim().max(44, 'Pattern is too long').nullable().optional(),
    category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(40).optional(),
    isListed: z.boolean().optional(),
    isFeatured: z.boolean().optional(),
    isPromoted: z.boolean().optional(),
    isPremiumListing: z.boolean().optional(),
    promotionType: z.enum(PROMOTION_TYPES, { error: 'Unknown listing type' }).optional(),
  })
  .strict();
export type UpdateListingBody = z.input<typeof updateListingBodySchema>;

export const deleteListingResponseSchema = z.object({ success: z.literal(true), id: z.string() });

export const validateAddressBodySchema = z.object({
  address: z.string({ error: ADDRESS_REQUIRED }).trim().min(1, ADDRESS_REQUIRED).max(256, 'Address is too long'),
  network: z.enum(NETWORKS).optional(),
  /**
   * The pattern to value, as a seller declares it. Absent: the pattern its listing declares when the address is
   * listed, otherwise the best one the model detects (docs/market-data.md#one-rarity-and-price-story).
   */
  pattern: z.string({ error: 'pattern must be a string' }).trim().max(44, 'pattern is too long').optional(),
});

export const validateAddressResponseSchema = z.object({
  isValid: z.boolean(),
  message: z.string(),
  rarityScore: z.number(),
  /** The score's rarity tier (src/shared/rarity/tier.ts), the same ids the marketplace's `tier` filter takes. */
  tier: z.enum(RARITY_TIER_IDS),
  estimatedValue: z.string(),
  /** SOL: what to list it for, and what ordering the same pattern costs. */
  suggestedPrice: z.string(),
  category: z.enum(CATEGORIES),
  address: z.string(),
  pattern: z.string().nullable(),
  expectedAttempts: z.number(),
  medianAttempts: z.number(),
  grindSeconds: z.number(),
  network: z.string(),
});
export type ValidateAddressResponse = z.infer<typeof validateAddressResponseSchema>;

/**
 * One bulk row as the browser's parser sends it (docs/product-spec.md#data-shapes "Bulk row"); every row is checked on
 * the server.
 */
export const bulkRowSchema = z.object({
  line: z.number().int().min(1).optional(),
  address: z.string().max(256),
  privateKey: z.string().max(4096).optional(),
  pattern: z.string().max(64).optional(),
  patternMatched: z.boolean().optional(),
  price: z.union([z.string().max(64), z.number()]).optional(),
  patternType: z.string().max(32).optional(),
  platform: z.string().max(32).optional(),
});
export type BulkRowInput = z.infer<typeof bulkRowSchema>;

export const bulkCreateBodySchema = z.object({
  addressData: z
    .array(bulkRowSchema)
    .min(1, 'No valid addresses found in the input data')
    .max(MAX_BULK_ROWS, 'At most 100,000 addresses per batch'),
  walletAddress: z.string().trim().max(64).optional(),
});

export const bulkResultSchema = z.object({
  address: z.string(),
  pattern: z.string().nullable(),
  price: z.string().nullable(),
  status: z.enum(['success', 'failed']),
});
export const bulkCreateResponseSchema = z.object({
  successful: z.number().int(),
  failed: z.number().int(),
  results: z.array(bulkResultSchema),
  errors: z.array(z.string()),
});
export type BulkCreateResponse = z.infer<typeof bulkCreateResponseSchema>;

export const knownAddressBodySchema = z.object({
  address: z.string().trim().min(1, 'Address is required').max(64),
  label: z.string().trim().min(1, 'Label is required').max(100),
});
export const knownAddressSchema = z.object({
  id: z.string(),
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
});
export const knownAddressListSchema = z.object({ addresses: z.array(knownAddressSchema) });
