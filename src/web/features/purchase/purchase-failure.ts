import { PaymentCheckCode } from '@shared/api/errors';
import { isRefunded, type PurchaseView } from '@shared/api/transactions';
import type { RefundReason } from '@shared/domain-values';
import { lamportsToSolString } from '@shared/money';

/** A failed purchase told in words: what happened and what to do next. No codes, no lamports. */
export interface FailureText {
  title: string;
  what: string;
  next: string;
}

const RETRY = 'If the address is still for sale, open it and buy again to start a new purchase.';

/**
 * Why settlement sent a payment back (docs/domain.md#settlement), keyed by REFUND_REASONS: `reason` completes
 * "Refunded: …", `what` says it to the buyer.
 */
const REFUNDS: Record<RefundReason, { reason: string; what: string }> = {
  LOST_RACE: {
    reason: 'another payment landed first',
    what:
      'Another buyer paid for this address too, and their payment reached the chain first, so the key is theirs. ' +
      'Checking out never locks an address: the first payment to land buys it.',
  },
  AMOUNT_TOO_LOW: {
    reason: 'the payment was short',
    what: "Less than the total arrived in this purchase's escrow, so it could not buy the key.",
  },
  PAYER_MISMATCH: {
    reason: 'the payment came from another wallet',
    what: 'The payment was not sent by the wallet that started this purchase, so it could not buy the key for it.',
  },
  ALREADY_PAID: {
    reason: 'this purchase was already paid',
    what: 'An earlier payment had already bought the key, so this one was not needed.',
  },
  PURCHASE_CLOSED: {
    reason: 'this purchase had already closed',
    what: 'The payment arrived after this purchase had ended, so it could not buy the key.',
  },
  NOT_FOUND_BY_DEADLINE: {
    reason: 'nothing was found by the deadline',
    what: "The shop did not find a matching address by the order's deadline, so the deposit came back.",
  },
  ORDER_CANCELLED: {
    reason: 'the order was cancelled',
    what: 'The order was cancelled before an address was found, so the deposit came back.',
  },
  ORDER_CLOSED: {
    reason: 'this order had already closed',
    what: 'The payment arrived after this order had ended, so it was not needed.',
  },
  BID_CANCELLED: {
    reason: 'the bid was cancelled',
    what: 'The bid was cancelled before it bought an address, so the deposit came back.',
  },
  BID_EXPIRED: {
    reason: 'the bid expired',
    what: 'Nothing matching was sold to the bid before it expired, so the deposit came back.',
  },
  BID_CLOSED: {
    reason: 'this bid was already funded or had ended',
    what: 'The payment arrived when the bid did not need it, so it was not used.',
  },
  OFFER_DECLINED: {
    reason: 'the seller declined the offer',
    what: 'The seller declined the offer, so the deposit came back.',
  },
  LISTING_SOLD: {
    reason: 'the address was sold to someone else',
    what: 'The address was sold before the offer was accepted, so the deposit came back.',
  },
  LISTING_UNAVAILABLE: {
    reason: 'this address was no longer for sale',
    what: 'By the time the payment landed, the address had been sold, taken off sale, deleted or repriced.',
  },
  UNSAFE_ACCOUNT: {
    reason: 'the address failed its safety re-check',
    what:
      'Before the seller is paid, the shop checks the address once more. It failed that check, so the address was ' +
      'taken off sale and nobody can buy it now.',
  },
};

const OTHER_REFUND = {
  reason: 'the payment could not buy the key',
  what: 'Settlement could not use this payment for this purchase.',
};

const refundOf = (code: string | null) => (code && code in REFUNDS ? REFUNDS[code as RefundReason] : OTHER_REFUND);

/** A refunded purchase whose refund has not landed yet: its page keeps looking until the signature appears. */
export const awaitsRefund = (tx: Pick<PurchaseView, 'failureKind' | 'refundSignatures'>) =>
  isRefunded(tx) && tx.refundSignatures.length === 0;

/**
 * A refunded purchase in words: "Refunded: <reason>" once a refund landed, "Refund on its way" until then, and what
 * came back (after the network fee, which the refund itself pays).
 */
export function refundText(
  tx: Pick<PurchaseView, 'failureKind' | 'failureCode' | 'refundSignatures' | 'refundedLamports'>,
): FailureText & { reason: string } {
  const { reason, what } = refundOf(tx.failureCode);
  if (awaitsRefund(tx)) {
    return {
      title: 'Refund on its way',
      reason,
      what,
      next:
        'Your payment is going back to the wallet that paid it, minus the network fee. Nothing is needed from you: ' +
        "this page shows the refund's transaction once it lands.",
    };
  }
  return {
    title: `Refunded: ${reason}`,
    reason,
    what,
    next: `${lamportsToSolString(BigInt(tx.refundedLamports))} SOL went back to the wallet that paid, after the network fee.`,
  };
}

/**
 * What each payment check's failure means for the buyer, keyed by the check's code: the confirm call's refusal, and
 * purchases from before escrow (failureKind `payment_rejected` or `refund_due`, which nothing writes any more).
 */
const CHECKS: Record<string, Omit<FailureText, 'next'>> = {
  [PaymentCheckCode.AMOUNT_TOO_LOW]: {
    title: 'The payment was less than the total',
    what: 'Less than the total of this purchase was paid, so it could not complete.',
  },
  [PaymentCheckCode.RECIPIENT_MISMATCH]: {
    title: 'The payment went to the wrong account',
    what: 'The payment did not go where this purchase asked for it, so it cannot pay for this address.',
  },
  [PaymentCheckCode.PAYER_MISMATCH]: {
    title: 'The payment came from another wallet',
    what: 'The payment was not sent by the wallet that started this purchase.',
  },
  [PaymentCheckCode.COMMISSION_MISSING]: {
    title: "The shop's commission was missing",
    what: "The payment did not include the shop's commission, so the purchase could not complete.",
  },
  [PaymentCheckCode.MEMO_MISMATCH]: {
    title: 'The payment belongs to another purchase',
    what: "The payment's memo does not name this purchase.",
  },
  [PaymentCheckCode.REFERENCE_MISSING]: {
    title: 'The payment belongs to another purchase',
    what: 'The payment does not name this purchase.',
  },
  [PaymentCheckCode.PAYMENT_FAILED_ON_CHAIN]: {
    title: 'The payment failed on the blockchain',
    what: 'The blockchain did not carry out the payment.',
  },
  [PaymentCheckCode.PAYMENT_TOO_EARLY]: {
    title: 'The payment is older than this purchase',
    what: 'The transaction sent was made before this purchase began, so it cannot pay for it.',
  },
  [PaymentCheckCode.PAYMENT_NOT_FOUND]: {
    title: 'The payment was not found',
    what: 'The blockchain has no record of the payment that was sent.',
  },
};

/** Any failed purchase but a refunded one (RefundedCard tells those), in words. */
export function failureText(tx: Pick<PurchaseView, 'failureKind' | 'failureCode'>): FailureText {
  if (tx.failureKind === 'expired') {
    return {
      title: 'Your checkout ended unpaid',
      what: 'No payment arrived before this checkout ended. Nothing was charged.',
      next: RETRY,
    };
  }
  const check = (tx.failureCode && CHECKS[tx.failureCode]) || {
    title: 'The payment did not pass our checks',
    what: 'The payment sent does not match this purchase, so it could not complete.',
  };
  const next =
    tx.failureKind === 'refund_due'
      ? // Before escrow a payment went to the seller's own wallet, out of the shop's reach: history, said as such.
        `This purchase is from before payments went through escrow: its payment went to the seller directly and was ` +
        `not sent back automatically. Its transaction is below, for support. ${RETRY}`
      : RETRY;
  return { ...check, next };
}

/** The toast when the server refuses a payment at confirm: the same words, shorter. */
export function rejectionToast(code: string): string {
  const check = CHECKS[code];
  return check
    ? `${check.what} See the purchase page for what to do next.`
    : 'See the purchase page for what to do next.';
}

/**
 * The payment's signature inside a pre-escrow refund-due reason ("… in transaction <signature>; …"): such a view keeps
 * no txHash for a rejected payment. Signatures are the only base58 runs of 64 or more characters the reason holds
 * (addresses are at most 44).
 */
export function paymentSignatureOf(reason: string | null): string | null {
  return reason?.match(/[1-9A-HJ-NP-Za-km-z]{64,88}/)?.[0] ?? null;
}
