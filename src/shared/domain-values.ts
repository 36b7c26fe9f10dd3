/**
 * The closed sets of values the domain's status-like fields take. One list per fact: the database's CHECK
 * constraints (src/server/db/schema), the API's zod enums (src/shared/api), the rarity engine and the web app all
 * read them from here, so a value added here reaches every layer at once. Pure data: safe for the browser.
 */

export const NETWORKS = ['solana', 'ethereum'] as const;
export type Network = (typeof NETWORKS)[number];

export const CURRENCIES = ['SOL', 'ETH'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Listing lifecycle; `pending` = reserved by an open purchase. */
export const LISTING_STATUSES = ['available', 'sold', 'pending', 'deleted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const PROMOTION_TYPES = ['standard', 'featured', 'premium', 'promoted'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** Purchase state machine (docs/domain.md#purchase-states): initiated → pending → verified → completed, or → failed. */
export const TRANSACTION_STATUSES = ['initiated', 'pending', 'verified', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Why a purchase failed (set with status `failed`, beside the human `disputeReason`): its reservation `expired`
 * unpaid (a late payment may still buy it), its payment was `payment_rejected` by a check, or SOL reached the
 * seller on a purchase that failed anyway, so a `refund_due` (a valid payment that lost the listing, or a rejected
 * one that still paid). `failure_code` names the failed check for the latter two.
 */
export const FAILURE_KINDS = ['expired', 'payment_rejected', 'refund_due'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Purchases that still hold their listing: at most one of these may exist per listing. */
export const OPEN_TRANSACTION_STATUSES = ['initiated', 'pending'] as const satisfies readonly TransactionStatus[];

/**
 * The rarity engine's categories (docs/domain.md#features-and-categories): a listing's category is that of its
 * rarest feature. The marketplace's category filter accepts exactly these.
 */
export const CATEGORIES = [
  'leading-zeros',
  'palindrome',
  'repeating',
  'word-like',
  'mathematical',
  'cultural',
  'custom',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Custom-pattern orders (docs/domain.md#custom-orders): queued → grinding → found → (purchased | expired), or
 * cancelled.
 */
export const ORDER_STATUSES = ['queued', 'grinding', 'found', 'purchased', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders that hold the requester's one active slot and sit in the grinders' queue. */
export const ACTIVE_ORDER_STATUSES = ['queued', 'grinding'] as const satisfies readonly OrderStatus[];
export const ORDER_POSITIONS = ['prefix', 'suffix'] as const;
export type OrderPosition = (typeof ORDER_POSITIONS)[number];
