import { recordAudit } from '../audit';
import { listingStatusRepository } from '../listings';
import {
  chainBalances,
  checkTransfer,
  ledgerRepository,
  observeEscrow,
  purchaseOwner,
  settlementRepository,
} from '../settlement';
import { due } from './background.repository';
import { escrowReads, paymentState } from './chain-reads';
import type { PurchaseDeps } from './deps';
import { isOwned } from './state-machine';
import { purchasesRepository, type PurchaseRow } from './purchases.repository';
import { completePurchase, decideListing, sendOn, settleListing } from './verify.service';

/** A purchase whose buyer said it paid gets this long past its window before it expires unpaid. */
export const PENDING_GRACE_MS = 5 * 60 * 1000;
const BATCH = 50;

export interface SweepReport {
  checked: number;
  verified: number;
  refunded: number;
  expired: number;
  completed: number;
  /** Payouts and refunds seen landed on chain and written to the ledger in this pass. */
  transfersLanded: number;
  /** Escrows this pass finished settling whose ledger and chain balances differ (docs/domain.md#ledger). */
  ledgerDifferences: string[];
  errors: string[];
}

export const emptyReport = (): SweepReport => ({
  checked: 0,
  verified: 0,
  refunded: 0,
  expired: 0,
  completed: 0,
  transfersLanded: 0,
  ledgerDifferences: [],
  errors: [],
});

/** Runs `work` for each item; one item's failure (an RPC hiccup) does not stop the others. */
async function each<T extends { id: string }>(report: SweepReport, items: T[], work: (item: T) => Promise<void>) {
  for (const item of items) {
    report.checked += 1;
    try {
      await work(item);
    } catch (err) {
      report.errors.push(`${item.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function count(report: SweepReport, after: PurchaseRow | undefined): void {
  if (after && isOwned(after.status)) report.verified += 1;
  else if (after?.failureKind === 'refunded') report.refunded += 1;
}

async function expire(deps: PurchaseDeps, row: PurchaseRow): Promise<boolean> {
  return deps.db.transaction(async (db) => {
    const failed = await purchasesRepository.expire(db, row.id, row.status as 'initiated' | 'pending', row.txHash);
    if (!failed) return false;
    // The "someone is checking out" notice ends with the last web reservation that showed it.
    if (row.reservesListing) await listingStatusRepository.release(db, row.addressId);
    await recordAudit(db, { action: 'purchase.expire', performedBy: 'system', transactionId: row.id });
    return true;
  });
}

/**
 * Purchases waiting for their payment (docs/domain.md#background-verifier): their listing is settled (a payment made
 * without a confirm, in a closed tab, is found in the escrow), and one past its window with nothing in its escrow
 * expires. A buyer who said they paid gets PENDING_GRACE_MS more: their payment may still land.
 */
export async function sweepOpen(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const now = deps.now();
  for (const which of [due.pending(now), due.initiated(now)]) {
    const rows = await purchasesRepository.claim(deps.db, { due: which, now, limit: BATCH });
    await each(report, rows, async (row) => {
      await settleListing(deps, row);
      const after = await purchasesRepository.findById(deps.db, row.id);
      count(report, after);
      if (after?.status !== 'initiated' && after?.status !== 'pending') return;
      const grace = after.status === 'pending' ? PENDING_GRACE_MS : 0;
      if (now.getTime() >= after.expiresAt.getTime() + grace && (await expire(deps, after))) report.expired += 1;
    });
  }
  return report;
}

/**
 * Purchases already decided or expired (docs/domain.md#settlement: escrow keys are never deleted): a payment that
 * reaches one however late is recorded and, unless it buys a listing still for sale, refunded. Checked less often as
 * they age (background.repository `due.closed`).
 */
export async function sweepClosed(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const now = deps.now();
  const rows = await purchasesRepository.claim(deps.db, { due: due.closed(now), now, limit: BATCH });
  await each(report, rows, async (row) => {
    // A filled bid's purchase was paid from the bid's escrow, which the bids' own pass keeps reading.
    if (row.bidId !== null) return;
    const closed = isOwned(row.status) ? 'ALREADY_PAID' : row.failureKind === 'expired' ? undefined : 'PURCHASE_CLOSED';
    const recorded = await observeEscrow(
      deps.db,
      escrowReads(deps),
      row.paymentReference,
      purchaseOwner(row.id),
      closed,
    );
    // A payment recorded by an earlier pass that died before deciding it is decided now, or never would be.
    if (recorded === 0 && !(await settlementRepository.hasUndecidedReceipts(deps.db, row.id))) return;
    await decideListing(deps, row.addressId);
    await sendOn(deps, [row.paymentReference]);
    count(report, await purchasesRepository.findById(deps.db, row.id));
  });
  return report;
}

/**
 * The outbox (docs/domain.md#exactly-once-transfers): stored transfers are checked by signature and finished, re-sent
 * or re-signed; decided receipts that no transfer moves yet (a crash before the outbox write) are sent on.
 */
export async function sweepTransfers(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const landed = new Set<string>();
  await each(report, await settlementRepository.openTransfers(deps.db, BATCH), async (t) => {
    if ((await checkTransfer(deps, t)) !== 'landed') return;
    report.transfersLanded += 1;
    landed.add(t.escrow);
  });
  await checkTouchedEscrows(deps, [...landed], report);
  const escrows = await settlementRepository.escrowsWithUnsent(deps.db, BATCH);
  await each(
    report,
    escrows.map((id) => ({ id })),
    (e) => sendOn(deps, [e.id]),
  );
  return report;
}

/**
 * The ledger check (docs/domain.md#ledger) for the escrows whose transfers this pass saw land, once nothing more is
 * in flight for them: the ledger's balance must be the chain's. A difference is reported, never repaired here.
 */
async function checkTouchedEscrows(deps: PurchaseDeps, escrows: string[], report: SweepReport): Promise<void> {
  const settled = [];
  for (const escrow of escrows) {
    const open = await settlementRepository.openTransfers(deps.db, 1, escrow);
    if (open.length === 0 && (await settlementRepository.unsentReceipts(deps.db, escrow)).length === 0) {
      settled.push(escrow);
    }
  }
  if (settled.length === 0) return;
  const [ledger, chain] = await Promise.all([
    ledgerRepository.balances(deps.db, settled),
    chainBalances(deps.rpc)(settled),
  ]);
  for (const escrow of settled) {
    const inLedger = ledger.get(escrow) ?? 0n;
    const onChain = chain.get(escrow);
    if (onChain !== null && onChain !== undefined && onChain !== inLedger) {
      report.ledgerDifferences.push(`escrow ${escrow}: ledger ${inLedger} lamports, chain ${onChain} lamports`);
    }
  }
}

/**
 * Verified purchases become completed once their payment is finalized. No lease: completing is one conditional
 * UPDATE that any number of instances may race, and the lease column stays the late-payment sweep's.
 */
export async function completeFinalized(deps: PurchaseDeps, report = emptyReport()): Promise<SweepReport> {
  const rows = await purchasesRepository.verifiedOldestFirst(deps.db, BATCH);
  await each(report, rows, async (row) => {
    if (row.txHash === null) return;
    const state = await paymentState(deps, row.txHash);
    if (state?.confirmationStatus === 'finalized' && (await completePurchase(deps.db, row.id))) report.completed += 1;
  });
  return report;
}

/**
 * One pass of every sweep, in order (docs/domain.md#background-verifier, docs/domain.md#settlement): waiting purchases
 * are settled from their escrows (or expire), decided ones checked for late payments, payouts and refunds sent and
 * finished, verified ones completed once finalized.
 */
export async function sweepAll(deps: PurchaseDeps): Promise<SweepReport> {
  const report = emptyReport();
  await sweepOpen(deps, report);
  await sweepClosed(deps, report);
  await sweepTransfers(deps, report);
  await completeFinalized(deps, report);
  return report;
}
