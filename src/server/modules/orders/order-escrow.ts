import type { OrderLane, RefundReason } from '@shared/domain-values';
import type { PaymentInstructions } from '@shared/api/transactions';
import { recordAudit } from '../audit';
import { escrowReads, sendOn, type PurchaseDeps } from '../purchases';
import {
  newEscrowKey,
  observeEscrow,
  orderOwner,
  PAYOUT_FEE_LAMPORTS,
  settlementRepository,
  type ReceiptRow,
} from '../settlement';
import type { VaultCipher } from '../key-crypto';
import { ordersRepository, type OrderRow } from './orders.repository';

/**
 * Paid-up-front orders (DESIGN.md §14): a split-key or seed-derived order is paid into its own escrow before it is
 * ground, and the one settlement path decides that escrow like a purchase's. The payment that covers the total is
 * held undecided while the order grinds; it becomes the sale (paid out to the shop) when the address is delivered, or
 * goes back to its payer when nothing was found by the deadline or the requester cancelled. Every other payment
 * into the escrow goes back at once. A wallet-lane order keeps today's flow: it grinds first and is bought like a
 * listing.
 */

/** How long a placed order waits for its deposit, as a purchase waits for its payment. */
export const ORDER_PAYMENT_WINDOW_MS = 15 * 60 * 1000;
/** The least time an order is given to be found once paid, however easy its pattern. */
const MIN_GRIND_ALLOWANCE_MS = 60 * 60 * 1000;

export const paidUpFront = (lane: OrderLane): boolean => lane !== 'wallet';

/**
 * The quoted deadline: the payment window, then three times the time one worker needs for a 95% chance of a match
 * (a queue ahead of it included), and never less than an hour. Fixed when the order is placed, so it is the
 * deadline the requester agreed to.
 */
export function deadlineOf(now: Date, p95Seconds: number | null): Date {
  const allowance = Math.max(MIN_GRIND_ALLOWANCE_MS, 3 * (p95Seconds ?? 0) * 1000);
  return new Date(now.getTime() + ORDER_PAYMENT_WINDOW_MS + allowance);
}

/** The escrow columns of a new paid-up-front order: its sealed key goes in with the order, in its transaction. */
export function newOrderEscrow(cipher: VaultCipher, priceLamports: bigint, payeeWallet: string) {
  const key = newEscrowKey(cipher);
  return {
    key,
    columns: { escrow: key.address, payeeWallet, totalLamports: priceLamports + PAYOUT_FEE_LAMPORTS },
  };
}

export function paymentOfOrder(row: OrderRow): PaymentInstructions | null {
  if (row.status !== 'awaiting-payment' || row.escrow === null || row.totalLamports === null) return null;
  return { recipient: row.escrow, lamports: row.totalLamports.toString(), reference: row.escrow };
}

const CLOSED_REASON: Partial<Record<OrderRow['status'], RefundReason>> = {
  cancelled: 'ORDER_CANCELLED',
  refunded: 'NOT_FOUND_BY_DEADLINE',
  expired: 'ORDER_CLOSED',
  delivered: 'ORDER_CLOSED',
};

/**
 * Decides every undecided receipt of the order's escrow, with the order row locked: the first payment covering the
 * total pays an order waiting for it; any other is refunded. An unpaid order past its payment window expires; a paid
 * one past its deadline is refunded. True when something was decided (so there is something to send on).
 */
export async function decideOrder(deps: Pick<PurchaseDeps, 'db' | 'now'>, orderId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const order = await ordersRepository.lockForSettlement(tx, orderId);
    if (!order || order.totalLamports === null) return false;
    const now = deps.now();
    const undecided = (await settlementRepository.receiptsOfOrder(tx, orderId)).filter((r) => r.purpose === null);
    let decided = false;
    const refund = async (r: ReceiptRow, reason: RefundReason) => {
      decided =
        (await settlementRepository.decide(tx, r.escrow, r.signature, { purpose: 'refund', reason })) || decided;
    };
    let status = order.status;
    let held = order.paymentSignature;
    if (status === 'awaiting-payment') {
      const paying = undecided.find((r) => r.lamports >= order.totalLamports!);
      if (paying) {
        await ordersRepository.update(tx, orderId, 'awaiting-payment', {
          status: 'queued',
          paidAt: now,
          paymentSignature: paying.signature,
        });
        await recordAudit(tx, {
          action: 'order.paid',
          performedBy: paying.payer,
          metadata: { orderId, escrow: paying.escrow, signature: paying.signature },
        });
        status = 'queued';
        held = paying.signature;
      } else if (now.getTime() > order.createdAt.getTime() + ORDER_PAYMENT_WINDOW_MS) {
        await ordersRepository.update(tx, orderId, 'awaiting-payment', { status: 'expired', finishedAt: now });
        status = 'expired';
      }
    }
    if ((status === 'queued' || status === 'grinding') && order.deadline !== null && now > order.deadline) {
      await ordersRepository.update(tx, orderId, status, {
        status: 'refunded',
        finishedAt: now,
        leaseOwner: null,
        leaseUntil: null,
        closedReason: 'Nothing matching was found by the deadline: the deposit goes back to the wallet that paid it.',
      });
      status = 'refunded';
    }
    for (const r of undecided) {
      if (r.signature === held && (status === 'queued' || status === 'grinding')) continue; // still paying for the grind
      if (status === 'awaiting-payment') await refund(r, 'AMOUNT_TOO_LOW');
      else if (status === 'queued' || status === 'grinding') {
        await refund(r, r.lamports < order.totalLamports ? 'AMOUNT_TOO_LOW' : 'ALREADY_PAID');
      } else if (r.signature === held || status !== 'delivered')
        await refund(r, CLOSED_REASON[status] ?? 'ORDER_CLOSED');
      else await refund(r, 'ALREADY_PAID');
    }
    return decided;
  });
}

/**
 * One settlement pass for an order's escrow: record what landed (a closed order's new receipts are decided as
 * refunds as they are recorded), decide, and send on whatever was decided.
 */
export async function settleOrder(deps: PurchaseDeps, order: OrderRow): Promise<void> {
  if (order.escrow === null) return;
  const open = order.status === 'awaiting-payment' || order.status === 'queued' || order.status === 'grinding';
  const closed = open ? undefined : (CLOSED_REASON[order.status] ?? 'ORDER_CLOSED');
  const recorded = await observeEscrow(deps.db, escrowReads(deps), order.escrow, orderOwner(order.id), closed);
  const decided = await decideOrder(deps, order.id);
  // A decision a crash left unsent is the outbox pass's to find (purchases' sweepTransfers sends on every escrow).
  if (recorded > 0 || decided) await sendOn(deps, [order.escrow]);
}

/** Every paid-up-front order whose escrow may hold something undecided; one order's failure is its own. */
export async function settleOrderEscrows(deps: PurchaseDeps, limit = 50): Promise<string[]> {
  const errors: string[] = [];
  for (const order of await ordersRepository.claimEscrowsToSettle(deps.db, deps.now(), limit)) {
    try {
      await settleOrder(deps, order);
    } catch (err) {
      errors.push(`${order.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return errors;
}
