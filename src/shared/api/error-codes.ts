// The registry of error codes (docs/domain.md#errors), free of Zod so that a page branching on a code does not load it.
// errors.ts re-exports it beside the body's schema.

/**
 * The payment checks' codes (src/chain/payment verifyPayment), one per check, named after the first check that
 * failed (docs/domain.md#verification). The chain code throws them and the API answers with them.
 */
export const PaymentCheckCode = {
  PAYMENT_NOT_FOUND: 'PAYMENT_NOT_FOUND',
  PAYMENT_FAILED_ON_CHAIN: 'PAYMENT_FAILED_ON_CHAIN',
  PAYER_MISMATCH: 'PAYER_MISMATCH',
  RECIPIENT_MISMATCH: 'RECIPIENT_MISMATCH',
  AMOUNT_TOO_LOW: 'AMOUNT_TOO_LOW',
  REFERENCE_MISSING: 'REFERENCE_MISSING',
  MEMO_MISMATCH: 'MEMO_MISMATCH',
  COMMISSION_MISSING: 'COMMISSION_MISSING',
  PAYMENT_TOO_EARLY: 'PAYMENT_TOO_EARLY',
} as const;
export type PaymentCheckCode = (typeof PaymentCheckCode)[keyof typeof PaymentCheckCode];

/** Every code an error response may carry. Closed: a code not listed here does not typecheck. */
export const ErrorCode = {
  // generic
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  // A client error from a Fastify plugin the error handler does not map to a code of its own.
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  RATE_LIMITED: 'RATE_LIMITED',
  ORIGIN_MISMATCH: 'ORIGIN_MISMATCH',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  // identity
  SESSION_REQUIRED: 'SESSION_REQUIRED',
  WALLET_MISMATCH: 'WALLET_MISMATCH',
  ADMIN_REQUIRED: 'ADMIN_REQUIRED',
  INVALID_SIGN_IN: 'INVALID_SIGN_IN',
  LOCAL_MODE_ONLY: 'LOCAL_MODE_ONLY',
  INVALID_METRICS_TOKEN: 'INVALID_METRICS_TOKEN',
  // chain
  RPC_UNAVAILABLE: 'RPC_UNAVAILABLE',
  // buying (docs/domain.md#purchases)
  LISTING_NOT_FOUND: 'LISTING_NOT_FOUND',
  LISTING_NOT_AVAILABLE: 'LISTING_NOT_AVAILABLE',
  UNSUPPORTED_CURRENCY: 'UNSUPPORTED_CURRENCY',
  PRICE_MISMATCH: 'PRICE_MISMATCH',
  OWN_LISTING: 'OWN_LISTING',
  MEMBERSHIP_TIER_NOT_FOUND: 'MEMBERSHIP_TIER_NOT_FOUND',
  MEMBERSHIP_TIER_MISMATCH: 'MEMBERSHIP_TIER_MISMATCH',
  TRANSACTION_NOT_FOUND: 'TRANSACTION_NOT_FOUND',
  BUYER_MISMATCH: 'BUYER_MISMATCH',
  INVALID_TRANSACTION_STATE: 'INVALID_TRANSACTION_STATE',
  SIGNATURE_ALREADY_USED: 'SIGNATURE_ALREADY_USED',
  // A payment into the purchase's escrow did not buy the key; it is on its way back (docs/domain.md#settlement).
  PAYMENT_REFUNDED: 'PAYMENT_REFUNDED',
  PAYMENT_NOT_READY: 'PAYMENT_NOT_READY',
  // anti-squatting at initiate (docs/domain.md#reservation-limits)
  TOO_MANY_RESERVATIONS: 'TOO_MANY_RESERVATIONS',
  RESERVATION_COOLDOWN: 'RESERVATION_COOLDOWN',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  ...PaymentCheckCode,
  // listings: creating, editing and deleting listings
  LISTING_EXISTS: 'LISTING_EXISTS',
  INVALID_ADDRESS: 'INVALID_ADDRESS',
  INVALID_PRICE: 'INVALID_PRICE',
  UNSUPPORTED_NETWORK: 'UNSUPPORTED_NETWORK',
  OWNERSHIP_VERIFICATION_FAILED: 'OWNERSHIP_VERIFICATION_FAILED',
  LOOKALIKE_ADDRESS: 'LOOKALIKE_ADDRESS',
  NOT_LISTING_OWNER: 'NOT_LISTING_OWNER',
  LISTING_SOLD: 'LISTING_SOLD',
  LISTING_HAS_OPEN_PURCHASE: 'LISTING_HAS_OPEN_PURCHASE',
  // A payment for the listing landed and settlement has not decided it: the seller waits (docs/domain.md#settlement).
  PAYMENT_LANDED: 'PAYMENT_LANDED',
  NOTHING_TO_UPDATE: 'NOTHING_TO_UPDATE',
  KNOWN_ADDRESS_EXISTS: 'KNOWN_ADDRESS_EXISTS',
  /** The address is listed in the shop, or imitates a listed one: adding it would mark that listing a look-alike. */
  KNOWN_ADDRESS_LISTED: 'KNOWN_ADDRESS_LISTED',
  BULK_EMPTY: 'BULK_EMPTY',
  BULK_TOO_MANY_ROWS: 'BULK_TOO_MANY_ROWS',
  INVALID_FILE_TYPE: 'INVALID_FILE_TYPE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  PRIVATE_KEY_PASTED: 'PRIVATE_KEY_PASTED',
  // keys (docs/domain.md#key-vault)
  PAYMENT_NOT_VERIFIED: 'PAYMENT_NOT_VERIFIED',
  PAYMENT_NOT_FINALIZED: 'PAYMENT_NOT_FINALIZED',
  KEY_DESTROYED: 'KEY_DESTROYED',
  KEY_UNAVAILABLE: 'KEY_UNAVAILABLE',
  // custom-pattern orders (docs/domain.md#custom-orders)
  INVALID_PATTERN: 'INVALID_PATTERN',
  PATTERN_TOO_HARD: 'PATTERN_TOO_HARD',
  ORDER_ALREADY_ACTIVE: 'ORDER_ALREADY_ACTIVE',
  GRINDER_BUSY: 'GRINDER_BUSY',
  TOO_MANY_ORDERS: 'TOO_MANY_ORDERS',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  ORDER_NOT_CANCELLABLE: 'ORDER_NOT_CANCELLABLE',
  ORDERS_UNAVAILABLE: 'ORDERS_UNAVAILABLE',
  RESERVED_FOR_REQUESTER: 'RESERVED_FOR_REQUESTER',
  INVALID_BASE_POINT: 'INVALID_BASE_POINT',
  BASE_POINT_REUSED: 'BASE_POINT_REUSED',
  INVALID_LANE_INPUT: 'INVALID_LANE_INPUT',
  ORDER_NOT_PAYABLE: 'ORDER_NOT_PAYABLE',
  // trust (docs/domain.md#trust-model)
  UNSAFE_ACCOUNT: 'UNSAFE_ACCOUNT',
  // pattern bids and offers (docs/domain.md#bids-and-offers)
  BID_NOT_FOUND: 'BID_NOT_FOUND',
  OFFER_NOT_FOUND: 'OFFER_NOT_FOUND',
  BID_NOT_OPEN: 'BID_NOT_OPEN',
  TOO_MANY_BIDS: 'TOO_MANY_BIDS',
  OFFER_AT_OR_ABOVE_PRICE: 'OFFER_AT_OR_ABOVE_PRICE',
  // alerts (docs/domain.md#alerts): pattern watches and webhooks
  WATCH_NOT_FOUND: 'WATCH_NOT_FOUND',
  TOO_MANY_WATCHES: 'TOO_MANY_WATCHES',
  INVALID_WEBHOOK_URL: 'INVALID_WEBHOOK_URL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const ERROR_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** Whether a code read from a response is one of this build's: an older or newer server may send others. */
export function isErrorCode(code: string): code is ErrorCode {
  return ERROR_CODES.has(code);
}
