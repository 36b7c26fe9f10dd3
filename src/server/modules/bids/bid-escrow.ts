import type { PaymentInstructions } from '@shared/api/transactions';
import type { RefundReason } from '@shared/domain-values';
import { lamportsToSolString } from '@shared/money';
import { recordAudit } from '../audit';
import { notify, type NotificationInput } from '../alerts';
import { ordersRepository } from '../orders';
import { escrowReads, purchaseListingRepository, sendOn, type PurchaseDeps } from '../purchases';
import { bidOwner, observeEscrow, settlementRepository, type ReceiptRow } from '../settlement';
import { describePattern } from './bid-text';
import { bidsRepository, type BidRow } from './bids.repository';

/**
 * A bid's escrow (docs/domain.md#bids-and-offers), decided on the one settlement path like a paid-up-front order's:
 * the first payment covering the deposit funds the bid and is held undecided while it is open; it becomes the sale
 * when the bid fills (bid-fill.ts), or goes back to its payer when the bid is cancelled, expires, is declined, or its
 * listing sells to someone else. Every other payment goes back at once.
 */

/** How long a new bid waits for its deposit, as a purchase waits for its payment. */
export const BID_DEPOSIT_WINDOW_MS = 15 * 60 * 1000;

export function paymentOfBid(row: BidRow): PaymentInstructions | null {
  if (row.status !== 'awaiting-deposit') return null;
  return { recipient: row.escrow, lamports: row.totalLamports.toString(), reference: row.escrow };
}

const isLive = (row: BidRow) => row.status === 'awaiting-deposit' || row.status === 'open';

/** The reason a closed bid's held deposit goes back, when its row does not say. */
const CLOSED_REASON: Partial<Record<BidRow['status'], RefundReason>> = {
  cancelled: 'BID_CANCELLED',
  expired: 'BID_EXPIRED',
  declined: 'OFFER_DECLINED',
};

const refundNotice = (bid: BidRow, reason: RefundReason): NotificationInput => ({
  wallet: bid.bidderWallet,
  kind: bid.kind === 'offer' ? (reason === 'OFFER_DECLINED' ? 'offer-declined' : 'offer-refunded') : 'bid-refunded',
  message:
    (bid.kind === 'offer'
      ? ({
          OFFER_DECLINED: 'Your offer was declined',
          LISTING_SOLD: 'The address you offered on sold to someone else',
          BID_EXPIRED: 'Your offer expired',
        }[reason as string] ?? 'Your offer was closed')
      : reason === 'BID_EXPIRED'
        ? `Your bid on ${describePattern(bid)} expired`
        : `Your bid on ${describePattern(bid)} was cancelled`) +
    `: the deposit of ${lamportsToSolString(bid.totalLamports)} SOL goes back to your wallet, minus the network fee.`,
  data: { bidId: bid.id, ...(bid.addressId ? { addressId: bid.addressId } : {}) },
});

/**
 * Closes a live bid (cancel, decline, expiry, its listing gone), in the caller's transaction, from the status it was
 * read in. Its held deposit is decided as a refund by the next `decideBid`, in the same transaction when called from
 * there. Undefined when the bid had moved on.
 */
export async function closeBid(
  tx: Parameters<typeof bidsRepository.update>[0],
  bid: BidRow,
  status: 'cancelled' | 'expired' | 'declined',
  reason: RefundReason,
  now: Date,
): Promise<BidRow | undefined> {
  const closed = await bidsRepository.update(tx, bid.id, bid.status, { status, refundReason: reason, closedAt: now });
  if (closed && bid.status === 'open') await notify(tx, [refundNotice(bid, reason)]);
  // The grind ordered for it stops too (once found, its key is a listing like any other).
  if (closed && bid.orderId) await ordersRepository.cancel(tx, bid.orderId, bid.bidderId, now);
  return closed;
}

/**
 * Decides every undecided receipt of the bid's escrow, with the bid row locked, and moves the bid on by the clock: an
 * unfunded bid past its deposit window expires, an open one past its expiry expires, an open offer whose listing is
 * no longer for sale is closed. Returns whether anything was decided, and the bid when this call funded it (so the
 * caller can fill it from stock).
 */
export async function decideBid(
  deps: Pick<PurchaseDeps, 'db' | 'now'>,
  bidId: string,
): Promise<{ decided: boolean; funded?: BidRow }> {
  return deps.db.transaction(async (tx) => {
    let bid = await bidsRepository.lock(tx, bidId);
    if (!bid) return { decided: false };
    const now = deps.now();
    const undecided = (await settlementRepository.receiptsOfBid(tx, bidId)).filter((r) => r.purpose === null);
    let decided = false;
    let funded: BidRow | undefined;
    const refund = async (r: ReceiptRow, reason: RefundReason) => {
      decided =
        (await settlementRepository.decide(tx, r.escrow, r.signature, { purpose: 'refund', reason })) || decided;
    };
    if (bid.status === 'awaiting-deposit') {
      const paying = undecided.find((r) => r.lamports >= bid!.totalLamports);
      if (paying) {
        funded = await bidsRepository.update(tx, bid.id, 'awaiting-deposit', {
          status: 'open',
          fundedAt: now,
          depositSignature: paying.signature,
          stockCheckedAt: now, // the caller offers it the stock now
        });
        bid = funded ?? bid;
        await recordAudit(tx, {
          action: bid.kind === 'offer' ? 'offer.funded' : 'bid.funded',
          performedBy: paying.payer,
          metadata: { bidId, escrow: paying.escrow, signature: paying.signature },
        });
        if (bid.kind === 'offer' && bid.addressId) {
          const listing = await purchaseListingRepository.withSeller(tx, bid.addressId);
          if (listing) {
            await notify(tx, [
              {
                wallet: listing.sellerWallet,
                kind: 'offer-received',
                message: `An offer of ${lamportsToSolString(bid.maxPriceLamports)} SOL on ${listing.address}: accept or decline it on your profile.`,
                data: { offerId: bid.id, addressId: listing.id, address: listing.address },
              },
            ]);
          }
        }
      } else if (now.getTime() > bid.createdAt.getTime() + BID_DEPOSIT_WINDOW_MS) {
        bid = (await closeBid(tx, bid, 'expired', 'BID_EXPIRED', now)) ?? bid;
      }
    }
    if (bid.status === 'open' && now > bid.expiresAt) {
      bid = (await closeBid(tx, bid, 'expired', 'BID_EXPIRED', now)) ?? bid;
    }
    if (bid.status === 'open' && bid.kind === 'offer' && bid.addressId) {
      const listing = await purchaseListingRepository.withSeller(tx, bid.addressId);
      const onSale =
        listing && listing.deletedAt === null && listing.isListed && ['available', 'pending'].includes(listing.status);
      if (!onSale) {
        const reason: RefundReason = listing?.status === 'sold' ? 'LISTING_SOLD' : 'LISTING_UNAVAILABLE';
        bid = (await closeBid(tx, bid, 'cancelled', reason, now)) ?? bid;
      }
    }
    // The held deposit of a closed bid, which may have been recorded before (cancel, decline) or in this pass.
    const all = bid.depositSignature === null ? undecided : await settlementRepository.receiptsOfBid(tx, bidId);
    for (const r of all.filter((x) => x.purpose === null)) {
      const held = r.signature === bid.depositSignature;
      if (held && bid.status === 'open') continue; // still backing the bid
      if (bid.status === 'awaiting-deposit') await refund(r, 'AMOUNT_TOO_LOW');
      else if (held) await refund(r, bid.refundReason ?? CLOSED_REASON[bid.status] ?? 'BID_CLOSED');
      else await refund(r, 'BID_CLOSED');
    }
    return { decided, ...(funded ? { funded } : {}) };
  });
}

/**
 * One settlement pass for a bid's escrow: record what landed (a closed bid's new receipts are decided as refunds as
 * they are recorded), decide, send on what was decided, and hand a bid this pass funded to `afterFunded` (the
 * stock, then the grinder if the buyer asked for it).
 */
export async function settleBid(
  deps: PurchaseDeps,
  bid: BidRow,
  afterFunded: (bid: BidRow) => Promise<unknown>,
): Promise<BidRow | undefined> {
  const closed = isLive(bid) ? undefined : (bid.refundReason ?? CLOSED_REASON[bid.status] ?? 'BID_CLOSED');
  // A filled or accepted bid's later payments are "already paid" for: the deposit bought the address.
  const late = bid.status === 'filled' || bid.status === 'accepted' ? 'BID_CLOSED' : closed;
  const recorded = await observeEscrow(deps.db, escrowReads(deps), bid.escrow, bidOwner(bid.id), late);
  const { decided, funded } = await decideBid(deps, bid.id);
  if (recorded > 0 || decided) await sendOn(deps, [bid.escrow]);
  if (funded && funded.status === 'open') await afterFunded(funded);
  return bidsRepository.findById(deps.db, bid.id);
}

/** Every bid whose escrow may hold something undecided, or whose clock has run; one bid's failure is its own. */
export async function settleBidEscrows(
  deps: PurchaseDeps,
  afterFunded: (bid: BidRow) => Promise<unknown>,
  limit = 50,
): Promise<string[]> {
  const errors: string[] = [];
  for (const bid of await bidsRepository.claimEscrowsToSettle(deps.db, deps.now(), limit)) {
    try {
      await settleBid(deps, bid, afterFunded);
    } catch (err) {
      errors.push(`${bid.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return errors;
}
