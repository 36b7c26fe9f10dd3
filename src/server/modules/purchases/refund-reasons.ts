import type { RefundReason } from '@server/db/schema';

/** A refund's code: one of REFUND_REASONS, or the payment check that failed (AMOUNT_TOO_LOW, PAYER_MISMATCH, …). */
export type RefundCode = RefundReason | (string & {});

const TEXT: Record<RefundReason, string> = {
  LOST_RACE: 'Refunded: another payment landed first.',
  AMOUNT_TOO_LOW: 'Refunded: the payment was less than the total.',
  PAYER_MISMATCH: 'Refunded: the payment came from another wallet than the buyer’s.',
  ALREADY_PAID: 'Refunded: this purchase was already paid.',
  PURCHASE_CLOSED: 'Refunded: this purchase had already ended.',
  LISTING_UNAVAILABLE: 'Refunded: the address was no longer for sale at this price.',
  UNSAFE_ACCOUNT: 'Refunded: the address failed its account-safety re-check, so it was taken off the market.',
  NOT_FOUND_BY_DEADLINE: 'Refunded: nothing matching was found by the order’s deadline.',
  ORDER_CANCELLED: 'Refunded: the order was cancelled.',
  ORDER_CLOSED: 'Refunded: this order had already ended.',
  BID_CANCELLED: 'Refunded: the bid was cancelled.',
  BID_EXPIRED: 'Refunded: the bid expired before it filled.',
  BID_CLOSED: 'Refunded: this bid was already funded or had ended.',
  OFFER_DECLINED: 'Refunded: the seller declined the offer.',
  LISTING_SOLD: 'Refunded: the address was sold to someone else.',
};

/**
 * The human disputeReason of a refunded purchase (docs/domain.md#settlement); code reads failureCode instead. Every
 * lamport in the escrow goes back to the wallet that paid it, minus the refund's network fee, without anyone asking.
 */
export function refundReasonText(code: RefundCode): string {
  const lead = (TEXT as Record<string, string>)[code] ?? 'Refunded: the payment did not pass its checks.';
  return `${lead} The payment goes back to the wallet that paid it automatically, minus the network fee.`;
}
