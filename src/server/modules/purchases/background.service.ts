import { findPaymentByReference } from '@chain/payment/find-payment';
import { recordAudit } from '../audit';
import { due } from './background.repository';
import { paymentState } from './chain-reads';
import type { PurchaseDeps } from './deps';
import { purchaseListingRepository } from './listing.repository';
import { isUniqueViolation, transactionsRepository, type TransactionRow } from './transactions.repository';
import { completePurchase, verifyPurchase, type VerifyOutcome } from './verify.service';

/** A submitted signature that has not landed this long after the reservation ended never will (blockhash ≈ 1 min). */
export const PENDING_GRACE_MS = 5 * 60 * 1000;
const BATCH = 50;

export interface SweepReport {
  checked: number;
  verified: number;
  rejected: number;
  expired: number;
  refundsDue: number;
  completed: number;
  errors: string[];
}

export const emptyReport = (): SweepReport => ({
  checked: 0,
  verified: 0,
  rejected: 0,
  expired: 0,
  refundsDue: 0,
  completed: 0,
  errors: [],
});

function count(report: SweepReport, outcome: VerifyOutcome): void {
  if (outcome.kind === 'verified') report.verified += 1;
  else if (outcome.kind === 'rejected') report.rejected += 1;
  else if (outcome.kind === 'refund-due') report.refundsDue += 1;
}

/** Runs `work` for each row; one row's failure (an RPC hiccup) does not stop the others. */
async function eachRow(report: SweepReport, rows: TransactionRow[], work: (row: TransactionRow) => Promise<void>) {
  for (const row of rows) {
    report.checked += 1;
    try {
      await work(row);
    } catch (err) {
      report.errors.push(`${row.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** Successful transactions carrying the purchase's reference, oldest first. */
async function paymentsByReference(deps: PurchaseDeps, reference: string): Promise<string[]> {
  const found = await findPaymentByReference(deps.rpc, reference, { limit: 20 });
  return found
    .filter((s) => !s.failed)
    .map((s) => s.signature)
    .reverse();
}

/** Stores the first reference payment no other purchase holds; true when one was attached. */
async function attachFoundPayment(deps: PurchaseDeps, row: TransactionRow): Promise<boolean> {
  for (const signature of await paymentsByReference(deps, row.paymentReference)) {
    try {
      const attached = await deps.db.transaction(async (db) => {
        const stored = await transactionsRepository.attachSignature(db, row.id, signature);
        if (stored) {
          await recordAudit(db, {
            action: 'purchase.payment_found',
            performedBy: 'system',
            transactionId: row.id,
            metadata: { txHash: signature },
          });
        }
        return Boolean(stored);
      });
      return attached;
    } catch (err) {
      if (!isUniqueViolation(err, 'transactions_tx_hash_unique')) throw err;
    }
  }
  return false;
}

async function expire(deps: PurchaseDeps, row: TransactionRow, from: 'initiated' | 'pending'): Promise<boolean> {
  return deps.db.transaction(async (db) => {
    const failed = await transactionsRepository.expire(db, row.id, from, row.txHash);
    if (!failed) return false;
    // An unreserved (Actions) purchase never held the listing, so it has nothing to give back.
    if (row.reservesListing) await purchaseListingRepository.release(db, row.addressId);
    await recordAudit(db, { action: 'purchase.expire', performedBy: 'system', transactionId: row.id });
    return true;
  });
}

/**
 * Initiated purchases: a payment made without a confirm (the tab was closed) is found by its reference and
 * verified; a reservation past its window with no payment expires and the listing is for sale again.
 */
export async function sweepInitiated(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const now = deps.now();
  const rows = await transactionsRepository.claim(deps.db, { due: due.initiated(now), now, limit: BATCH });
  await eachRow(report, rows, async (row) => {
    if (await attachFoundPayment(deps, row)) return count(report, await verifyPurchase(deps, row.id));
    if (row.expiresAt <= now && (await expire(deps, row, 'initiated'))) report.expired += 1;
  });
  return report;
}

/** Pending purchases: verify; a signature that never landed is replaced by the reference's payment, or expires. */
export async function checkPending(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const now = deps.now();
  const rows = await transactionsRepository.claim(deps.db, { due: due.pending(now), now, limit: BATCH });
  await eachRow(report, rows, async (row) => {
    const outcome = await verifyPurchase(deps, row.id);
    count(report, outcome);
    if (outcome.kind !== 'not-ready' || row.txHash === null) return;
    if (now.getTime() < row.expiresAt.getTime() + PENDING_GRACE_MS) return;
    const other = (await paymentsByReference(deps, row.paymentReference)).find((s) => s !== row.txHash);
    if (other) {
      const swapped = await transactionsRepository
        .replaceSignature(deps.db, row.id, row.txHash, other)
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'transactions_tx_hash_unique')) return undefined;
          throw err;
        });
      if (swapped) return count(report, await verifyPurchase(deps, row.id));
    }
    if (await expire(deps, row, 'pending')) report.expired += 1;
  });
  return report;
}

/** Expired reservations: a payment that arrives late is a sale if the address is still for sale, else a refund. */
export async function sweepLatePayments(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const now = deps.now();
  const rows = await transactionsRepository.claim(deps.db, { due: due.expired(now), now, limit: BATCH });
  await eachRow(report, rows, async (row) => {
    // A payment attached by an earlier pass that died before deciding it is decided now, or never would be.
    if (row.txHash !== null || (await attachFoundPayment(deps, row))) count(report, await verifyPurchase(deps, row.id));
  });
  return report;
}

/** Verified purchases become completed once their payment is finalized. */
export async function completeFinalized(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const now = deps.now();
  const rows = await transactionsRepository.claim(deps.db, { due: due.verified(now), now, limit: BATCH });
  await eachRow(report, rows, async (row) => {
    if (row.txHash === null) return;
    const state = await paymentState(deps, row.txHash);
    if (state?.confirmationStatus === 'finalized' && (await completePurchase(deps.db, row.id))) report.completed += 1;
  });
  return report;
}
