import { PaymentCheckCode } from '@shared/api/errors';
import type { TransactionView } from '@shared/api/transactions';

/** A failed purchase told in words: what happened and what to do next (issue 27 item 3). No codes, no lamports. */
export interface FailureText {
  title: string;
  what: string;
  next: string;
}

const RETRY = 'The address is back on sale: open it and buy again to start a new purchase.';

/** What each payment check's failure means for the buyer, keyed by the check's code. */
const CHECKS: Record<string, Omit<FailureText, 'next'>> = {
  [PaymentCheckCode.AMOUNT_TOO_LOW]: {
    title: 'The payment was less than the price',
    what: 'The seller received less than the price of this address, so the purchase could not complete.',
  },
  [PaymentCheckCode.RECIPIENT_MISMATCH]: {
    title: 'The payment went to the wrong wallet',
    what: "The payment did not go to the seller's wallet, so it cannot pay for this address.",
  },
  [PaymentCheckCode.PAYER_MISMATCH]: {
    title: 'The payment came from another wallet',
    what: 'The payment was not sent by the wallet that reserved this address.',
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
    what: "The payment does not carry this purchase's reference.",
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

export function failureText(tx: Pick<TransactionView, 'failureKind' | 'failureCode'>): FailureText {
  if (tx.failureKind === 'expired') {
    return {
      title: 'Your reservation expired',
      what: 'No payment arrived within the 15 minutes the address was held for you. Nothing was charged.',
      next: RETRY,
    };
  }
  const check = (tx.failureCode && CHECKS[tx.failureCode]) || {
    title: 'The payment did not pass our checks',
    what: 'The payment sent does not match this purchase, so it could not complete.',
  };
  const next =
    tx.failureKind === 'refund_due'
      ? `SOL still reached the seller, who owes it back to you: the payment's transaction is below. ${RETRY}`
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
 * The payment's signature inside a refund-due reason ("… in transaction <signature>; …"): the view keeps no txHash
 * for a rejected payment, and the buyer needs the signature whole, to copy and to show the seller. Signatures are
 * the only base58 runs of 64 or more characters the reason holds (addresses are at most 44).
 */
export function refundSignatureOf(reason: string | null): string | null {
  return reason?.match(/[1-9A-HJ-NP-Za-km-z]{64,88}/)?.[0] ?? null;
}
