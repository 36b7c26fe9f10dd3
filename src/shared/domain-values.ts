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
export const PURCHASE_STATUSES = ['initiated', 'pending', 'verified', 'completed', 'failed'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * Why a purchase failed (set with status `failed`, beside the human `disputeReason`): its reservation `expired`
 * unpaid (a payment that still arrives buys it if the listing is still for sale, and is refunded otherwise), or what
 * was paid into its escrow was `refunded` by settlement (docs/domain.md#settlement); `failure_code` then says why
 * (REFUND_REASONS). `payment_rejected` and `refund_due` are kept for purchases from before escrow, when buyers paid
 * sellers directly; nothing writes them any more.
 */
export const FAILURE_KINDS = ['expired', 'refunded', 'payment_rejected', 'refund_due'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Purchases still waiting for their payment; a web one shows "someone is checking out" on its listing. */
export const OPEN_PURCHASE_STATUSES = ['initiated', 'pending'] as const satisfies readonly PurchaseStatus[];

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
// 'awaiting-payment', 'delivered' and 'refunded' are the paid-up-front lanes' (split-key, seed-derived: DESIGN.md §14):
// their deposit waits in the order's escrow until the address is found (delivered) or the deadline passes (refunded).
export const ORDER_STATUSES = [
  'awaiting-payment',
  'queued',
  'grinding',
  'found',
  'purchased',
  'delivered',
  'expired',
  'refunded',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders that hold the requester's one active slot and sit in the grinders' queue. */
export const ACTIVE_ORDER_STATUSES = ['queued', 'grinding'] as const satisfies readonly OrderStatus[];
/** A paid-up-front order whose escrow still waits for a decision: delivered (paid out) or refunded. */
export const OPEN_ESCROW_ORDER_STATUSES = [
  'awaiting-payment',
  'queued',
  'grinding',
] as const satisfies readonly OrderStatus[];
export const ORDER_POSITIONS = ['prefix', 'suffix'] as const;
/**
 * What an ordered address is for (DESIGN.md §14): a wallet (an importable key, ground and sealed by the shop), a
 * mint or program whose key nobody else holds (split key), or an account with no key at all (seed-derived).
 */
export const ORDER_LANES = ['wallet', 'split-key', 'seed-derived'] as const;
export type OrderLane = (typeof ORDER_LANES)[number];
export type OrderPosition = (typeof ORDER_POSITIONS)[number];

/** What settlement decided a payment into an escrow is for (docs/domain.md#settlement). */
export const RECEIPT_PURPOSES = ['sale', 'refund'] as const;
export type ReceiptPurpose = (typeof RECEIPT_PURPOSES)[number];

/**
 * Why settlement refunded a payment instead of selling the key: it came second (`LOST_RACE`), was short, came from
 * another wallet than the buyer's, arrived for a purchase already paid or closed, found the listing sold, unlisted,
 * deleted or repriced, or the address failed its safety re-check.
 */
export const REFUND_REASONS = [
  'LOST_RACE',
  'AMOUNT_TOO_LOW',
  'PAYER_MISMATCH',
  'ALREADY_PAID',
  'PURCHASE_CLOSED',
  'LISTING_UNAVAILABLE',
  'UNSAFE_ACCOUNT',
  // A paid-up-front order (DESIGN.md §14): nothing found by its deadline, cancelled by its requester, or closed.
  'NOT_FOUND_BY_DEADLINE',
  'ORDER_CANCELLED',
  'ORDER_CLOSED',
  // A pattern bid or an offer: cancelled, expired, declined, or its listing sold to someone else; or a
  // payment into a bid that was already funded, filled or closed.
  'BID_CANCELLED',
  'BID_EXPIRED',
  'BID_CLOSED',
  'OFFER_DECLINED',
  'LISTING_SOLD',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** An outbox transfer: a `payout` (seller, treasury, overpayment back) or a `refund`. */
export const ESCROW_TRANSFER_KINDS = ['payout', 'refund'] as const;
export type EscrowTransferKind = (typeof ESCROW_TRANSFER_KINDS)[number];
/** `signed` (stored, maybe sent), `landed` (on chain, in the ledger), `failed` (landed with an error: an admin looks). */
export const ESCROW_TRANSFER_STATUSES = ['signed', 'landed', 'failed'] as const;
export type EscrowTransferStatus = (typeof ESCROW_TRANSFER_STATUSES)[number];

export const LEDGER_ENTRY_KINDS = ['receipt', 'payout', 'commission', 'refund', 'network-fee'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * Pattern bids and offers (docs/domain.md#bids-and-offers) share one table and one escrow path. A bid waits
 * for its deposit, is open once it has landed, and ends filled, cancelled or expired; an offer (a bid on one listing)
 * ends accepted, declined, cancelled or expired.
 */
export const BID_KINDS = ['pattern', 'offer'] as const;
export type BidKind = (typeof BID_KINDS)[number];
export const BID_STATUSES = [
  'awaiting-deposit',
  'open',
  'filled',
  'accepted',
  'declined',
  'cancelled',
  'expired',
] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
export const PATTERN_POSITIONS = ['prefix', 'suffix', 'anywhere'] as const;
export type PatternPosition = (typeof PATTERN_POSITIONS)[number];
/** What the bell says (docs/domain.md#alerts). */
export const NOTIFICATION_KINDS = [
  'watch-match',
  'bid-funded',
  'bid-filled',
  'bid-refunded',
  'offer-received',
  'offer-accepted',
  'offer-declined',
  'offer-refunded',
  'listing-sold',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
