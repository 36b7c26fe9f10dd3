import { explorerTxUrl } from '@chain/explorer';
import type { ExpectedPayment, VerifiedPayment } from '@chain/payment/payment-types';
import { fetchFromEach, verifyByQuorum } from '@chain/payment/verify-by-quorum';
import { ErrorCode } from '@shared/api/errors';
import type { SafetyReport } from '@shared/api/trust';
import { FALLBACK_USD_PER_SOL_TRANSACTION } from '@shared/format/usd';
import { crashPoint } from '@server/config/crash-point';
import type { Queryable } from '@server/db/database';
import { commit, decideInTransaction, rollback, type Decision } from '@server/db/decide';
import { inOneStatement } from '@server/db/one-statement';
import { notFound } from '@server/http/app-error';
import { auditRow, recordAudit } from '../audit';
import { listingStatusRepository } from '../listings';
import {
  observeEscrow,
  purchaseOwner,
  sendSettlement,
  settlementRepository,
  type EscrowOwner,
  type ReceiptRow,
} from '../settlement';
import { saleReceiptRow, unlistUnsafe } from '../trust';
import { escrowReads, paymentState, verifyEndpoints } from './chain-reads';
import type { PurchaseDeps } from './deps';
import { purchaseListingRepository } from './listing.repository';
import { referenceDataRepository } from './reference-data.repository';
import type { RefundReason } from '@server/db/schema';
import { refundReasonText, type RefundCode } from './refund-reasons';
import { saleRepository } from './sale.repository';
import { isOwned } from './state-machine';
import { totalLamportsOf } from './purchase-view';
import { purchasesRepository, type PurchaseDetail, type PurchaseRow } from './purchases.repository';

export type VerifyOutcome =
  | { kind: 'verified' }
  /** Nothing has landed in the escrow yet, or not confirmed yet: ask again later. */
  | { kind: 'not-ready' }
  /** What reached the escrow does not buy the key; it goes back to the wallet that paid. */
  | { kind: 'refunded'; code: string; message: string }
  /** The purchase had ended without a payment (expired unpaid), or is from before escrow. */
  | { kind: 'closed'; reason: string | null; code: string | null };

/** What a purchase's row says about it now. */
export function outcomeOf(row: PurchaseRow | undefined): VerifyOutcome {
  if (!row) return { kind: 'not-ready' };
  if (isOwned(row.status)) return { kind: 'verified' };
  if (row.status !== 'failed') return { kind: 'not-ready' };
  if (row.failureKind === 'refunded') {
    return { kind: 'refunded', code: row.failureCode ?? 'LOST_RACE', message: row.disputeReason ?? '' };
  }
  return { kind: 'closed', reason: row.disputeReason, code: row.failureCode };
}

/** Why anything that reaches an already-decided purchase's escrow now goes straight back; null while undecided. */
function closedReasonOf(row: PurchaseRow): RefundReason | undefined {
  if (isOwned(row.status)) return 'ALREADY_PAID';
  if (row.status === 'failed' && row.failureKind !== 'expired') return 'PURCHASE_CLOSED';
  return undefined;
}

/**
 * How many of a listing's waiting purchases (newest first) one pass reads besides its own. Each is one RPC read; an
 * Actions POST makes a purchase for anyone, so a flood of them must not make every confirm read thousands of escrows.
 * Those beyond are read by the worker on their own turn: a payment among them is never lost, only possibly decided
 * after a later one (and then refunded).
 */
const COMPETITORS_READ = 50;
const READS_AT_ONCE = 8;

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += READS_AT_ONCE) {
    await Promise.all(items.slice(i, i + READS_AT_ONCE).map(work));
  }
}

/**
 * Settles the listing of purchase `id` now (docs/domain.md#settlement), safe to run from any number of places at once
 * (confirm, the browser's nudge, every instance's worker): every payment into the escrows of the listing's waiting
 * purchases is recorded, the first to land buys the key, everything else is refunded, and payouts and refunds are
 * sent through the outbox. The chain is read without a lock; every decision is a conditional UPDATE.
 */
export async function verifyPurchase(deps: PurchaseDeps, id: string, performedBy = 'system'): Promise<VerifyOutcome> {
  const self = await purchasesRepository.findById(deps.db, id);
  if (!self) throw notFound(ErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');
  // A purchase that bought its key has nothing left to settle for its buyer: a buyer polling after the sale is
  // answered from the row, and competing payments are the worker's (and their own buyers') to settle.
  if (isOwned(self.status)) return outcomeOf(self);
  await settleListing(deps, self, performedBy, { buyerWaiting: true });
  return outcomeOf(await purchasesRepository.findById(deps.db, id));
}

/**
 * Observe, decide, send on: the whole of one settlement pass for `row`'s listing. With a buyer waiting for the answer,
 * the sending starts once the decision is stored and is not awaited (`deps.runLater`): the key is the buyer's from
 * that commit on, and the payout is the outbox's to finish either way.
 */
export async function settleListing(
  deps: PurchaseDeps,
  row: PurchaseRow,
  performedBy = 'system',
  { buyerWaiting = false } = {},
): Promise<void> {
  // Competing purchases of the same listing are read too: one that landed earlier must win, even unconfirmed.
  const waiting = await purchasesRepository.waitingOfListing(deps.db, row.addressId, COMPETITORS_READ);
  const rows = [row, ...waiting.filter((w) => w.id !== row.id)];
  const reads = escrowReads(deps);
  let recorded = 0;
  await inBatches(rows, async (r) => {
    recorded += await observeEscrow(deps.db, reads, r.paymentReference, purchaseOwner(r.id), closedReasonOf(r));
  });
  // Nothing recorded (a closed purchase's receipt is decided as it is recorded) and nothing decided: nothing to send.
  // A transfer a crashed pass left unsent is the worker's outbox pass to find.
  const decided = await decideListing(deps, row.addressId, performedBy);
  if (!decided && recorded === 0) return;
  const send = () =>
    sendOn(
      deps,
      rows.map((r) => r.paymentReference),
    );
  if (buyerWaiting && deps.runLater) deps.runLater(send);
  else await send();
}

/** Records what landed in the escrows of `addressId`'s waiting purchases, without deciding anything. */
export async function observeListingPayments(deps: PurchaseDeps, addressId: string): Promise<void> {
  const waiting = await purchasesRepository.waitingOfListing(deps.db, addressId, COMPETITORS_READ);
  const reads = escrowReads(deps);
  await inBatches(waiting, (r) => observeEscrow(deps.db, reads, r.paymentReference, purchaseOwner(r.id)));
}

/** Sends what settlement decided for these escrows (outbox.ts); each escrow's failure is its own. */
export async function sendOn(deps: PurchaseDeps, escrows: readonly string[]): Promise<void> {
  const saleTerms = async (owner: EscrowOwner) => {
    // One worker sends on every escrow with decided receipts: a paid-up-front order's too (DESIGN.md §14).
    if (owner.orderId !== null) return settlementRepository.orderSaleTerms(deps.db, owner.orderId);
    // A filled bid's or accepted offer's escrow pays out the purchase it became (docs/domain.md#bids-and-offers).
    const t =
      owner.bidId !== null
        ? await purchasesRepository.findByBid(deps.db, owner.bidId)
        : await purchasesRepository.findById(deps.db, owner.transactionId);
    return t
      ? {
          sellerWallet: t.recipientWallet,
          priceLamports: t.priceLamports,
          commissionLamports: t.commissionLamports,
          treasuryWallet: t.treasuryWallet,
        }
      : null;
  };
  for (const escrow of new Set(escrows)) await sendSettlement(deps, escrow, saleTerms);
}

function expectedOf(row: PurchaseRow, buyerWallet: string): ExpectedPayment {
  return {
    recipient: row.paymentReference,
    lamports: totalLamportsOf(row),
    reference: row.paymentReference,
    buyer: buyerWallet,
    initiatedAt: row.createdAt,
    initiatedSlot: row.initiatedSlot,
  };
}

interface Candidate {
  detail: PurchaseDetail;
  receipt: ReceiptRow;
  paid: VerifiedPayment;
}

/** The payment a sale's records name: a verified purchase payment, or a bid's deposit (fee and time not read). */
export type SalePayment = Omit<VerifiedPayment, 'fee'> & { fee: bigint | null };

/** Receipts of one purchase, judged in landing order: the first that passes is its candidate payment. */
interface Judged {
  candidate?: Candidate;
  refunds: { receipt: ReceiptRow; code: RefundCode | string }[];
  /** A receipt no quorum agrees on yet: nothing at or after its slot can be decided. */
  undecidedSlot?: bigint;
}

async function judge(deps: PurchaseDeps, detail: PurchaseDetail, receipts: ReceiptRow[]): Promise<Judged> {
  const { purchase } = detail;
  const judged: Judged = { refunds: [] };
  const closed = closedReasonOf(purchase);
  const { rpcs, quorum } = verifyEndpoints(deps);
  for (const receipt of receipts) {
    if (closed || judged.candidate) {
      judged.refunds.push({ receipt, code: closed ?? 'ALREADY_PAID' });
      continue;
    }
    const verdict = verifyByQuorum(
      expectedOf(purchase, detail.buyerWallet),
      await fetchFromEach(rpcs, receipt.signature),
      quorum,
    );
    if (verdict.kind === 'undecided') {
      judged.undecidedSlot = receipt.slot;
      break;
    }
    if (verdict.kind === 'rejected') judged.refunds.push({ receipt, code: verdict.error.code });
    else judged.candidate = { detail, receipt, paid: verdict.paid };
  }
  return judged;
}

/** Position of each signature in its block, for payments that landed in the same slot. */
async function orderInSlot(deps: PurchaseDeps, slot: bigint): Promise<string[]> {
  const block = await deps.rpc
    .getBlock(slot, { transactionDetails: 'signatures', rewards: false, commitment: 'confirmed' })
    .send();
  return [...(block?.signatures ?? [])];
}

/** First landed first: by slot, then by position in the block. */
async function landingOrder(deps: PurchaseDeps, candidates: Candidate[]): Promise<Candidate[]> {
  const sorted = [...candidates].sort((a, b) =>
    a.receipt.slot < b.receipt.slot ? -1 : a.receipt.slot > b.receipt.slot ? 1 : 0,
  );
  if (sorted.length < 2 || sorted[0]!.receipt.slot !== sorted[1]!.receipt.slot) return sorted;
  const order = await orderInSlot(deps, sorted[0]!.receipt.slot);
  const position = (c: Candidate) =>
    c.receipt.slot === sorted[0]!.receipt.slot ? order.indexOf(c.receipt.signature) : Number.MAX_SAFE_INTEGER;
  return sorted.sort((a, b) => (a.receipt.slot === b.receipt.slot ? position(a) - position(b) : 0));
}

/**
 * The safety checks again, at the moment of sale, through the VERIFY_QUORUM endpoints (docs/domain.md#settlement): the
 * seller holds the key and may have reassigned the address since the buyer's check. A report with a failing check from
 * any endpoint is returned; undefined when all pass. A chain that cannot be read throws: the sale waits.
 */
export async function failedSafetyRecheck(deps: PurchaseDeps, address: string): Promise<SafetyReport | undefined> {
  const reports = deps.safetyCheckEach
    ? await deps.safetyCheckEach(address)
    : deps.safetyCheck
      ? [await deps.safetyCheck(address)]
      : [];
  return reports.find((r) => r.checks.some((c) => c.status === 'fail'));
}

/**
 * Decides every undecided payment into the escrows of `addressId`'s purchases: one sale at most (the first to land,
 * to a listing still for sale at the price paid, whose address passes its re-check), and a refund for each of the rest.
 * False when there was nothing to decide yet, so nothing to send on.
 */
export async function decideListing(deps: PurchaseDeps, addressId: string, performedBy = 'system'): Promise<boolean> {
  const receipts = await settlementRepository.undecidedReceiptsOfListing(deps.db, addressId);
  if (receipts.length === 0) return false;
  const byPurchase = new Map<string, ReceiptRow[]>();
  // Joined through their purchase, so every one has a transactionId.
  for (const r of receipts) byPurchase.set(r.transactionId!, [...(byPurchase.get(r.transactionId!) ?? []), r]);
  const judged: Judged[] = [];
  for (const [id, rows] of byPurchase) {
    const detail = await purchasesRepository.findDetail(deps.db, { id });
    if (detail) judged.push(await judge(deps, detail, rows));
  }
  const candidates = await landingOrder(
    deps,
    judged.flatMap((j) => (j.candidate ? [j.candidate] : [])),
  );
  const winner = candidates[0];
  // A payment no quorum has judged yet may have landed first: wait for it rather than sell past it.
  const undecided = judged.flatMap((j) => (j.undecidedSlot === undefined ? [] : [j.undecidedSlot]));
  if (winner && undecided.some((slot) => slot <= winner.receipt.slot)) return false;
  // Independent reads, at once rather than one after another: the buyer's confirm waits for them.
  const [unsafe, usdRate, state] = await Promise.all([
    winner ? failedSafetyRecheck(deps, winner.detail.listing.address) : undefined,
    referenceDataRepository.solUsdRate(deps.db),
    winner ? paymentState(deps, winner.receipt.signature).catch(() => null) : null,
  ]);
  const now = deps.now();
  const usdPerSol = usdRate ?? FALLBACK_USD_PER_SOL_TRANSACTION;

  const sold = await decideInTransaction(deps.db, async (db): Promise<Decision<boolean>> => {
    const listing = await purchaseListingRepository.lockForPurchase(db, addressId);
    const sellable =
      winner !== undefined &&
      listing !== undefined &&
      listing.deletedAt === null &&
      listing.isListed &&
      (listing.status === 'available' || listing.status === 'pending') &&
      listing.price === winner.detail.purchase.price &&
      listing.sellerId === winner.detail.purchase.sellerId;
    let saleMade = false;
    if (winner && sellable && unsafe) {
      await unlistUnsafe(db, { id: addressId, address: listing!.address }, unsafe, {
        wallet: 'settlement',
        userId: 'settlement',
      });
    } else if (winner && sellable) {
      const won = await purchasesRepository.markVerified(db, winner.detail.purchase.id, winner.receipt.signature, now);
      if (!won) return rollback(false); // another instance decided this listing first
      await settlementRepository.decide(db, winner.receipt.escrow, winner.receipt.signature, { purpose: 'sale' });
      await recordSale(db, deps, winner, { now, usdPerSol, state, performedBy });
      saleMade = true;
    }
    const gone: RefundCode = unsafe
      ? 'UNSAFE_ACCOUNT'
      : listing?.status === 'sold'
        ? 'LOST_RACE'
        : 'LISTING_UNAVAILABLE';
    for (const j of judged) {
      const refunds = [...j.refunds];
      if (j.candidate && j.candidate !== winner)
        refunds.unshift({ receipt: j.candidate.receipt, code: saleMade ? 'LOST_RACE' : gone });
      if (j.candidate && j.candidate === winner && !saleMade)
        refunds.unshift({ receipt: j.candidate.receipt, code: gone });
      for (const { receipt, code } of refunds) {
        await settlementRepository.decide(db, receipt.escrow, receipt.signature, { purpose: 'refund', reason: code });
      }
      const first = refunds[0];
      const purchaseId = first?.receipt.transactionId;
      if (!first || !purchaseId || (saleMade && purchaseId === winner!.detail.purchase.id)) continue;
      const refunded = await purchasesRepository.markRefunded(db, purchaseId, {
        code: first.code,
        reason: refundReasonText(first.code),
        signature: first.receipt.signature,
        payer: first.receipt.payer,
      });
      if (refunded) {
        await recordAudit(db, {
          action: 'purchase.refund',
          performedBy,
          transactionId: purchaseId,
          metadata: { code: first.code, signatures: refunds.map((r) => r.receipt.signature) },
        });
      }
    }
    // A refunded reservation waits no more: the "someone is checking out" notice ends with the last one that did.
    if (!saleMade) await listingStatusRepository.release(db, addressId);
    crashPoint('verify:before-commit');
    return commit(saleMade);
  });
  if (!sold || !winner) return true;
  crashPoint('verify:after-commit');
  if (state?.confirmationStatus === 'finalized')
    await completePurchase(deps.db, winner.detail.purchase.id, performedBy);
  return true;
}

/**
 * The sale's records, beside the state change: the listing marked sold, then its analytics, price history, chain
 * record, audit row and signed receipt in one statement (they are independent inserts, and the buyer waits on this).
 */
export async function recordSale(
  db: Queryable,
  deps: PurchaseDeps,
  winner: { detail: PurchaseDetail; paid: SalePayment },
  ctx: { now: Date; usdPerSol: number; state: Awaited<ReturnType<typeof paymentState>>; performedBy: string },
): Promise<void> {
  const { detail, paid } = winner;
  const { purchase } = detail;
  const listing = await listingStatusRepository.markSold(db, purchase.addressId);
  await inOneStatement(db, [
    ...(listing
      ? saleRepository.saleRows(db, {
          transactionId: purchase.id,
          priceLamports: purchase.priceLamports,
          listing,
          usdPerSol: ctx.usdPerSol,
          at: ctx.now,
        })
      : []),
    saleRepository.chainAuditRow(
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
    ),
    auditRow(db, {
      action: 'purchase.verify',
      performedBy: ctx.performedBy,
      transactionId: purchase.id,
      metadata: {
        txHash: paid.signature,
        escrow: purchase.paymentReference,
        slot: paid.slot.toString(),
        lamportsPaid: paid.lamportsPaid.toString(),
      },
    }),
    ...(deps.attestation
      ? [
          saleReceiptRow(db, deps.attestation, {
            transactionId: purchase.id,
            address: detail.listing.address,
            paymentSignature: paid.signature,
            escrow: purchase.paymentReference,
            slot: paid.slot,
            priceLamports: purchase.priceLamports,
            buyer: detail.buyerWallet,
            seller: detail.sellerWallet,
            at: ctx.now,
          }),
        ]
      : []),
  ]);
}

/** verified → completed once the cluster reports the payment finalized. */
export async function completePurchase(db: PurchaseDeps['db'], id: string, performedBy = 'system'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await purchasesRepository.transition(tx, id, { verified: 'completed' }, {});
    if (done) await recordAudit(tx, { action: 'purchase.complete', performedBy, transactionId: id });
    return Boolean(done);
  });
}
