import { explorerTxUrl } from '@chain/explorer';
import type { PaymentVerificationCode } from '@chain/payment/payment-verification-error';
import type { ExpectedPayment, VerifiedPayment } from '@chain/payment/payment-types';
import { fetchFromEach, verifyByQuorum } from '@chain/payment/verify-by-quorum';
import { lamportsStillPaid } from '@chain/payment/verify-payment';
import { ErrorCode } from '@shared/api/errors';
import { REFUND_DUE_MARK } from '@shared/api/transactions';
import { FALLBACK_USD_PER_SOL_TRANSACTION } from '@shared/format/usd';
import { lamportsToSolString } from '@shared/money';
import { crashPoint } from '@server/config/crash-point';
import type { Queryable } from '@server/db/database';
import { commit, decideInTransaction, rollback, type Decision } from '@server/db/decide';
import { notFound } from '@server/http/app-error';
import { recordAudit } from '../audit';
import { rejectPurchase } from './payment-rejection';
import { issueSaleReceipt } from '../trust';
import { paymentState, verifyEndpoints } from './chain-reads';
import type { PurchaseDeps } from './deps';
import { purchaseListingRepository } from './listing.repository';
import { referenceDataRepository } from './reference-data.repository';
import { saleRepository } from './sale.repository';
import { isOwned } from './state-machine';
import { transactionsRepository, type TransactionDetail, type TransactionRow } from './transactions.repository';

export type VerifyOutcome =
  | { kind: 'verified' }
  /** Not on chain yet, or not confirmed yet: ask again later. */
  | { kind: 'not-ready' }
  /** The payment failed a check; the purchase failed with it. */
  | { kind: 'rejected'; code: PaymentVerificationCode; message: string }
  /** A valid payment for a reservation that expired while the address was sold to someone else. */
  | { kind: 'refund-due'; message: string }
  /** The purchase had already failed; nothing to check. `code`: the check it failed, when one did. */
  | { kind: 'closed'; reason: string | null; code: PaymentVerificationCode | null };

/** What a purchase that had already failed answers: its reason, and the check it failed when one did. */
const closedOutcome = (row: TransactionRow | undefined): VerifyOutcome => ({
  kind: 'closed',
  reason: row?.disputeReason ?? null,
  // Only rejectPayment writes a failure code, and always a PaymentVerificationCode.
  code: (row?.failureCode ?? null) as PaymentVerificationCode | null,
});

function expectedOf(detail: TransactionDetail): ExpectedPayment {
  const { purchase } = detail;
  return {
    recipient: purchase.recipientWallet,
    lamports: purchase.priceLamports,
    reference: purchase.paymentReference,
    memo: purchase.paymentMemo,
    ...(purchase.treasuryWallet && purchase.commissionLamports > 0n
      ? { treasury: purchase.treasuryWallet, commissionLamports: purchase.commissionLamports }
      : {}),
    buyer: detail.buyerWallet,
    initiatedAt: purchase.createdAt,
    initiatedSlot: purchase.initiatedSlot,
  };
}

const refundMessage = (detail: TransactionDetail, signature: string) =>
  `${REFUND_DUE_MARK} ${lamportsToSolString(detail.purchase.priceLamports)} SOL was paid to the seller in transaction ${signature} ` +
  (detail.purchase.reservesListing
    ? `after the reservation expired, and the address had already been sold to another buyer. `
    : `through a Solana Action, and the address had already been sold to or reserved by another buyer. `) +
  `The seller should return the payment to ${detail.buyerWallet}.`;

/**
 * The server's own verification of a purchase's payment (docs/domain.md#verification), safe to run from any number of
 * places at once (confirm, the browser's nudge, every instance's background job): the chain is read without holding a
 * lock, and every state change is a conditional UPDATE, so exactly one caller records the sale.
 */
export async function verifyPurchase(deps: PurchaseDeps, id: string, performedBy = 'system'): Promise<VerifyOutcome> {
  const detail = await transactionsRepository.findDetail(deps.db, { id });
  if (!detail) throw notFound(ErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');
  const { purchase } = detail;
  if (isOwned(purchase.status)) return { kind: 'verified' };
  const late = purchase.status === 'failed';
  // An Actions purchase never reserved its listing (docs/domain.md#solana-pay-and-actions): its payment must claim the
  // listing exactly as a late payment does, and becomes refund-due the same way when someone else got there first.
  const mustClaim = late || !purchase.reservesListing;
  if (late && (purchase.failureKind !== 'expired' || purchase.txHash === null)) return closedOutcome(purchase);
  if (purchase.txHash === null) return { kind: 'not-ready' };
  const signature = purchase.txHash;

  const expected = expectedOf(detail);
  // With VERIFY_QUORUM > 1 every endpoint is asked, and a payment counts only when enough of them agree on it.
  const { rpcs, quorum } = verifyEndpoints(deps);
  const verdict = verifyByQuorum(expected, await fetchFromEach(rpcs, signature), quorum);
  if (verdict.kind === 'undecided') return { kind: 'not-ready' };
  if (verdict.kind === 'rejected') {
    const stillPaid = lamportsStillPaid(expected, verdict.fetched);
    return rejectPurchase(deps, detail, signature, verdict.error, stillPaid, performedBy);
  }
  const { paid } = verdict;

  const state = await paymentState(deps, signature).catch(() => null);
  const now = deps.now();
  const usdPerSol = (await referenceDataRepository.solUsdRate(deps.db)) ?? FALLBACK_USD_PER_SOL_TRANSACTION;
  const outcome = await decideInTransaction(deps.db, async (db): Promise<Decision<VerifyOutcome>> => {
    if (mustClaim) {
      const sale = { price: lamportsToSolString(purchase.priceLamports), sellerId: purchase.sellerId };
      const claimed = await purchaseListingRepository.claimForLateSale(db, purchase.addressId, sale);
      if (!claimed) {
        const message = refundMessage(detail, signature);
        if (await transactionsRepository.markRefundDue(db, id, message)) {
          await recordAudit(db, {
            action: 'purchase.refund_due',
            performedBy,
            transactionId: id,
            metadata: { txHash: signature },
          });
          crashPoint('refund:before-commit');
          return commit({ kind: 'refund-due', message });
        }
        // Another verifier settled this late payment first; report what it decided.
        const settled = await transactionsRepository.findById(db, id);
        return commit(settled && isOwned(settled.status) ? { kind: 'verified' } : closedOutcome(settled));
      }
    }
    const won = await transactionsRepository.markVerified(db, id, signature, late ? 'failed' : 'pending', now);
    // Another verifier recorded this sale first: the sale stands, and for a late sale the listing claim made above
    // is undone with this transaction.
    if (!won) return mustClaim ? rollback({ kind: 'verified' }) : commit({ kind: 'verified' });
    await recordSale(db, deps, detail, paid, { now, usdPerSol, state, performedBy });
    crashPoint('verify:before-commit');
    return commit({ kind: 'verified' });
  });
  if (outcome.kind === 'verified') crashPoint('verify:after-commit');
  if (outcome.kind === 'verified' && state?.confirmationStatus === 'finalized') {
    await completePurchase(deps.db, id, performedBy);
  }
  return outcome;
}

async function recordSale(
  db: Queryable,
  deps: PurchaseDeps,
  detail: TransactionDetail,
  paid: VerifiedPayment,
  ctx: { now: Date; usdPerSol: number; state: Awaited<ReturnType<typeof paymentState>>; performedBy: string },
): Promise<void> {
  const { purchase } = detail;
  await purchaseListingRepository.markSold(db, purchase.addressId);
  const listing = await purchaseListingRepository.findForSale(db, purchase.addressId);
  if (listing) {
    await saleRepository.recordSale(db, {
      transactionId: purchase.id,
      priceLamports: purchase.priceLamports,
      listing,
      usdPerSol: ctx.usdPerSol,
      at: ctx.now,
    });
  }
  await saleRepository.recordChainAudit(
    db,
    purchase.id,
    {
      signature: paid.signature,
      slot: paid.slot,
      confirmations: ctx.state?.confirmations ?? null,
      networkStatus: ctx.state?.confirmationStatus === 'finalized' ? 'finalized' : 'confirmed',
      from: paid.payer,
      to: paid.recipient,
      lamports: paid.lamportsPaid,
      feeLamports: paid.fee,
      blockTime: paid.blockTime === null ? null : new Date(Number(paid.blockTime) * 1000),
      explorerUrl: explorerTxUrl(paid.signature, deps.cluster, deps.explorerRpcUrl),
    },
    ctx.now,
  );
  await recordAudit(db, {
    action: 'purchase.verify',
    performedBy: ctx.performedBy,
    transactionId: purchase.id,
    metadata: {
      txHash: paid.signature,
      slot: paid.slot.toString(),
      lamportsPaid: paid.lamportsPaid.toString(),
      commissionPaid: paid.commissionPaid.toString(),
    },
  });
  if (deps.attestation) {
    await issueSaleReceipt(db, deps.attestation, {
      transactionId: purchase.id,
      address: detail.listing.address,
      paymentSignature: paid.signature,
      slot: paid.slot,
      priceLamports: purchase.priceLamports,
      buyer: detail.buyerWallet,
      seller: detail.sellerWallet,
      at: ctx.now,
    });
  }
}

/** verified → completed once the cluster reports the payment finalized. */
export async function completePurchase(db: PurchaseDeps['db'], id: string, performedBy = 'system'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await transactionsRepository.transition(tx, id, { verified: 'completed' }, {});
    if (done) await recordAudit(tx, { action: 'purchase.complete', performedBy, transactionId: id });
    return Boolean(done);
  });
}
