import type { PaymentVerificationCode, PaymentVerificationError } from '@chain/payment/payment-verification-error';
import { REFUND_DUE_MARK } from '@shared/api/transactions';
import { lamportsToSolString } from '@shared/money';
import { crashPoint } from '@server/config/crash-point';
import { recordAudit } from '../audit';
import type { PurchaseDeps } from './deps';
import { purchaseListingRepository } from './listing.repository';
import { transactionsRepository, type TransactionDetail } from './transactions.repository';
import type { VerifyOutcome } from './verify.service';

const rejectionPrefix = (code: string) => `Payment check failed [${code}]: `;

/** The human disputeReason of a payment that failed a check; its code is stored on its own in failureCode. */
export const rejectionReason = (code: PaymentVerificationCode, message: string) => rejectionPrefix(code) + message;

/** The check's own message inside a reason `rejectionReason` wrote (a closed purchase answers with it). */
export function rejectionMessage(code: string, reason: string | null): string {
  const prefix = rejectionPrefix(code);
  if (reason === null) return '';
  return reason.startsWith(prefix) ? reason.slice(prefix.length) : reason;
}

const stillPaidNote = (detail: TransactionDetail, signature: string, lamports: bigint) =>
  ` ${REFUND_DUE_MARK} ${lamportsToSolString(lamports)} SOL still reached the seller in transaction ${signature}; the ` +
  `seller should return it to ${detail.buyerWallet}. You may start a new purchase.`;

/**
 * A payment that failed a check: the purchase fails and the listing is for sale again. When SOL still reached the
 * seller, the reason says a refund is due (seen by buyer and seller, like a late payment's) and it is audited.
 */
export async function rejectPurchase(
  deps: PurchaseDeps,
  detail: TransactionDetail,
  signature: string,
  err: PaymentVerificationError,
  stillPaid: bigint,
  performedBy: string,
): Promise<VerifyOutcome> {
  const { purchase } = detail;
  const message = err.message + (stillPaid > 0n ? stillPaidNote(detail, signature, stillPaid) : '');
  await deps.db.transaction(async (db) => {
    const failed = await transactionsRepository.rejectPayment(db, purchase.id, signature, {
      code: err.code,
      reason: rejectionReason(err.code, message),
      refundDue: stillPaid > 0n,
    });
    if (!failed) return;
    // An unreserved (Actions) purchase never held the listing, so it has nothing to give back.
    if (purchase.reservesListing) await purchaseListingRepository.release(db, purchase.addressId);
    await recordAudit(db, {
      action: 'purchase.payment_rejected',
      performedBy,
      transactionId: purchase.id,
      metadata: { code: err.code, txHash: signature },
    });
    if (stillPaid > 0n) {
      await recordAudit(db, {
        action: 'purchase.refund_due',
        performedBy,
        transactionId: purchase.id,
        metadata: { txHash: signature, code: err.code, lamports: stillPaid.toString() },
      });
      crashPoint('refund:before-commit');
    }
  });
  return { kind: 'rejected', code: err.code, message };
}
