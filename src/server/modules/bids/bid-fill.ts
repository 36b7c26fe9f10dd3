import { randomUUID } from 'node:crypto';
import { FALLBACK_USD_PER_SOL_TRANSACTION } from '@shared/format/usd';
import { lamportsToSolString } from '@shared/money';
import { matchesPattern } from '@shared/pattern-keys';
import { commit, decideInTransaction, rollback, type Decision } from '@server/db/decide';
import { notify } from '../alerts';
import { orderReservationOf } from '../listings';
import {
  failedSafetyRecheck,
  feesFor,
  membershipTier,
  paymentMemoOf,
  purchaseListingRepository,
  recordSale,
  referenceDataRepository,
  sendOn,
  tierOfBuyer,
  purchasesRepository,
  type PurchaseDeps,
} from '../purchases';
import { settlementRepository } from '../settlement';
import { unlistUnsafe } from '../trust';
import { describePattern } from './bid-text';
import { bidsRepository, type BidRow } from './bids.repository';

export type FillOutcome = 'filled' | 'bid-not-open' | 'listing-unavailable' | 'unsafe';

/**
 * Sells listing `addressId` to bid `bidId` (docs/domain.md#bids-and-offers): a sale like any other, paid from the
 * deposit held in the bid's escrow. The address is re-checked for safety first (a failure unlists it and the bid stays
 * open); then, with the bid and the listing rows locked, the bid must still be open and funded and the listing still
 * for sale at a price the bid covers. The purchase row, the deposit decided as the sale, the bid filled, the listing
 * sold, the sale's records and both notices commit together: two bids never buy one listing (the listing row is
 * locked and must be on sale), one bid never buys two (the bid row is locked and must be open), and a web buyer's
 * payment settling first leaves the listing sold, so this finds it unavailable and the deposit stays in escrow. The
 * payout (seller, treasury, the rest of the deposit back to the bidder) goes out through the outbox.
 */
export async function fillBid(deps: PurchaseDeps, bidId: string, addressId: string): Promise<FillOutcome> {
  const target = await purchaseListingRepository.findOpen(deps.db, addressId);
  if (!target) return 'listing-unavailable';
  const [unsafe, usdRate] = await Promise.all([
    failedSafetyRecheck(deps, target.address),
    referenceDataRepository.solUsdRate(deps.db),
  ]);
  if (unsafe) {
    await deps.db.transaction((tx) => unlistUnsafe(tx, target, unsafe, { wallet: 'settlement', userId: 'settlement' }));
    return 'unsafe';
  }
  const now = deps.now();
  let escrow = '';
  const outcome = await decideInTransaction(deps.db, async (tx): Promise<Decision<FillOutcome>> => {
    const bid = await bidsRepository.lock(tx, bidId);
    if (!bid || bid.status !== 'open' || bid.depositSignature === null) return rollback('bid-not-open');
    escrow = bid.escrow;
    const listing = await purchaseListingRepository.lockForPurchase(tx, addressId);
    const onSale =
      listing !== undefined &&
      listing.deletedAt === null &&
      listing.isListed &&
      (listing.status === 'available' || listing.status === 'pending') &&
      listing.currency === 'SOL' &&
      listing.sellerWallet !== bid.bidderWallet;
    if (!onSale) return rollback('listing-unavailable');
    const listedLamports = listing.price;
    const fits =
      bid.kind === 'offer'
        ? bid.addressId === listing.id
        : listedLamports <= bid.maxPriceLamports &&
          matchesPattern(listing.address, {
            pattern: bid.pattern!,
            position: bid.position!,
            caseSensitive: bid.caseSensitive!,
          });
    if (!fits) return rollback('listing-unavailable');
    // A listing ground to order is its requester's alone for a while (docs/domain.md#custom-orders).
    const reservation = await orderReservationOf(tx, listing.id, now);
    if (reservation && reservation.requesterWallet !== bid.bidderWallet) return rollback('listing-unavailable');

    // A pattern bid pays the listing's price (the rest of its deposit comes back); an accepted offer pays its own.
    const priceLamports = bid.kind === 'offer' ? bid.maxPriceLamports : listedLamports;
    const tier = (await membershipTier(tx, tierOfBuyer(bid.bidderWallet)))!;
    const fees = await feesFor(tx, priceLamports, tier, Boolean(deps.treasuryWallet));
    const deposit = (await settlementRepository.receiptsOfBid(tx, bid.id)).find(
      (r) => r.signature === bid.depositSignature,
    );
    // The deposit was asked for at the bid's price ceiling, and fees only grow with the price: it always covers.
    if (!deposit || deposit.lamports < fees.totalLamports) return rollback('bid-not-open');

    const id = randomUUID();
    await purchasesRepository.insert(tx, {
      id,
      addressId: listing.id,
      buyerId: bid.bidderId,
      buyerWallet: bid.bidderWallet,
      sellerId: listing.sellerId,
      price: priceLamports,
      currency: 'SOL',
      exchangeFee: fees.exchangeFeeLamports,
      commissionFee: fees.commissionFeeLamports,
      totalAmount: fees.totalLamports,
      status: 'verified',
      txHash: deposit.signature,
      reservesListing: false,
      initiatedSlot: deposit.slot,
      // The bid's escrow is where this purchase was paid; it stays the bid's (settlement owner `bid_id`).
      paymentReference: bid.escrow,
      paymentMemo: paymentMemoOf(id),
      recipientWallet: listing.sellerWallet,
      priceLamports,
      commissionLamports: fees.platformFeeLamports,
      networkFeeLamports: fees.networkFeeLamports,
      treasuryWallet: fees.platformFeeLamports > 0n ? deps.treasuryWallet! : null,
      expiresAt: now,
      verifiedAt: now,
      createdAt: now,
      bidId: bid.id,
    });
    const filled = await bidsRepository.update(tx, bid.id, 'open', {
      status: bid.kind === 'offer' ? 'accepted' : 'filled',
      closedAt: now,
    });
    const decided = await settlementRepository.decide(tx, bid.escrow, deposit.signature, { purpose: 'sale' });
    if (!filled || !decided) return rollback('bid-not-open');
    const detail = (await purchasesRepository.findDetail(tx, { id }))!;
    await recordSale(
      tx,
      deps,
      {
        detail,
        paid: {
          signature: deposit.signature,
          slot: deposit.slot,
          blockTime: null,
          payer: deposit.payer,
          recipient: bid.escrow,
          lamportsPaid: deposit.lamports,
          fee: null,
        },
      },
      {
        now,
        usdPerSol: usdRate ?? FALLBACK_USD_PER_SOL_TRANSACTION,
        state: null,
        performedBy: bid.kind === 'offer' ? listing.sellerWallet : 'settlement',
      },
    );
    const price = lamportsToSolString(priceLamports);
    const what = bid.kind === 'offer' ? 'Your offer was accepted' : `Your bid on ${describePattern(bid)} filled`;
    await notify(tx, [
      {
        wallet: bid.bidderWallet,
        kind: bid.kind === 'offer' ? 'offer-accepted' : 'bid-filled',
        message: `${what}: you bought ${listing.address} for ${price} SOL. Reveal its key from the purchase.`,
        data: { bidId: bid.id, transactionId: id, addressId: listing.id, address: listing.address },
      },
      {
        wallet: listing.sellerWallet,
        kind: 'listing-sold',
        message: `${listing.address} sold for ${price} SOL ${bid.kind === 'offer' ? 'to an offer' : 'to a pattern bid'}.`,
        data: { transactionId: id, addressId: listing.id, address: listing.address },
      },
    ]);
    return commit('filled');
  });
  if (outcome === 'filled') {
    const send = () => sendOn(deps, [escrow]);
    if (deps.runLater) deps.runLater(send);
    else await send();
  }
  return outcome;
}

/** Fills a bid (or offers it) the listings in `candidates` in order, until one fills. */
export async function fillFromCandidates(
  deps: PurchaseDeps,
  bid: BidRow,
  candidates: readonly string[],
): Promise<boolean> {
  for (const addressId of candidates) {
    const outcome = await fillBid(deps, bid.id, addressId);
    if (outcome === 'filled') return true;
    if (outcome === 'bid-not-open') return false;
  }
  return false;
}
