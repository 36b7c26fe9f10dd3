import { sql } from 'drizzle-orm';
import {
  STOCK_COUNTED,
  type Bid,
  type BidQuote,
  type CreateBidBody,
  type CreatedBid,
  type CreateOfferBody,
  type Offer,
  type PatternFields,
} from '@shared/api/bids';
import { ErrorCode } from '@shared/api/errors';
import type { OrderQuote } from '@shared/api/orders';
import { lamportsToSolString, parseSolToLamports } from '@shared/money';
import { patternKeyOf } from '@shared/pattern-keys';
import type { Queryable } from '@server/db/database';
import { users } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/http/app-error';
import { recordAudit } from '../audit';
import { uniformKeyProbability } from '../orders';
import {
  feesFor,
  membershipTier,
  purchaseListingRepository,
  sendOn,
  tierOfBuyer,
  type PurchaseDeps,
} from '../purchases';
import { bidOwner, newEscrowKey, settlementRepository } from '../settlement';
import { usersRepository } from '../users';
import { closeBid, decideBid, paymentOfBid } from './bid-escrow';
import { fillBid } from './bid-fill';
import { matchingStock } from './bid-match';
import { bidsRepository, type BidRow } from './bids.repository';

/** Live bids and offers per wallet: each is an escrow the worker reads every pass. */
export const MAX_LIVE_BIDS = 25;
/** The furthest a bid may run. */
const MAX_BID_DAYS = 180;

export interface BidActor {
  userId: string;
  walletAddress: string;
}

export const bidNotFound = () => notFound(ErrorCode.BID_NOT_FOUND, 'Bid not found');
export const offerNotFound = () => notFound(ErrorCode.OFFER_NOT_FOUND, 'Offer not found');

/** The deposit a bid at `priceLamports` asks for: what a purchase at that price costs in all. */
async function depositFor(deps: PurchaseDeps, wallet: string, priceLamports: bigint): Promise<bigint> {
  const tier = (await membershipTier(deps.db, tierOfBuyer(wallet)))!;
  return (await feesFor(deps.db, priceLamports, tier, Boolean(deps.treasuryWallet))).totalLamports;
}

function expiryOf(deps: PurchaseDeps, expiresAt: string): Date {
  const at = new Date(expiresAt);
  if (at.getTime() > deps.now().getTime() + MAX_BID_DAYS * 86_400_000) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, `expiresAt must be within ${MAX_BID_DAYS} days`);
  }
  return at;
}

/** Inserts a bid or offer with its own sealed escrow key, in one transaction; at most MAX_LIVE_BIDS live per wallet. */
async function insertBid(
  deps: PurchaseDeps,
  actor: BidActor,
  row: Omit<Parameters<typeof bidsRepository.insert>[1], 'bidderId' | 'bidderWallet' | 'escrow'>,
): Promise<BidRow> {
  const key = newEscrowKey(deps.cipher);
  return deps.db.transaction(async (tx) => {
    const user = await usersRepository.upsertByWallet(tx, actor.walletAddress);
    // Serializes one wallet's bids, so the cap is counted once (users rows are per wallet).
    await tx.execute(sqlLockUser(user.id));
    if ((await bidsRepository.liveCount(tx, user.id)) >= MAX_LIVE_BIDS) {
      throw conflict(
        ErrorCode.TOO_MANY_BIDS,
        `A wallet may have at most ${MAX_LIVE_BIDS} bids and offers open or awaiting their deposit; cancel one first`,
      );
    }
    const bid = await bidsRepository.insert(tx, {
      ...row,
      bidderId: user.id,
      bidderWallet: actor.walletAddress,
      escrow: key.address,
    });
    await settlementRepository.insertEscrowKey(tx, bidOwner(bid.id), key);
    await recordAudit(tx, {
      action: bid.kind === 'offer' ? 'offer.create' : 'bid.create',
      performedBy: actor.walletAddress,
      metadata: { bidId: bid.id, maxPrice: lamportsToSolString(bid.maxPriceLamports) },
    });
    return bid;
  });
}

const sqlLockUser = (id: string) => sql`select 1 from ${users} where ${users.id} = ${id} for update`;

const created = (bid: BidRow): CreatedBid => ({ id: bid.id, status: bid.status, payment: paymentOfBid(bid) });

export async function createBid(deps: PurchaseDeps, body: CreateBidBody, actor: BidActor): Promise<CreatedBid> {
  const input = body as PatternFields & { maxPrice: string; expiresAt: string; grindIfMissing: boolean };
  const maxPriceLamports = parseSolToLamports(input.maxPrice);
  const bid = await insertBid(deps, actor, {
    kind: 'pattern',
    pattern: input.pattern,
    patternKey: patternKeyOf(input.pattern, input.caseSensitive),
    position: input.position,
    caseSensitive: input.caseSensitive,
    maxPriceLamports,
    totalLamports: await depositFor(deps, actor.walletAddress, maxPriceLamports),
    expiresAt: expiryOf(deps, input.expiresAt),
    grindIfMissing: input.grindIfMissing,
  });
  return created(bid);
}

export async function createOffer(
  deps: PurchaseDeps,
  addressId: string,
  body: CreateOfferBody,
  actor: BidActor,
): Promise<CreatedBid> {
  const listing = await purchaseListingRepository.withSeller(deps.db, addressId);
  if (!listing || listing.deletedAt !== null) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
  if (!listing.isListed || !['available', 'pending'].includes(listing.status)) {
    throw conflict(ErrorCode.LISTING_NOT_AVAILABLE, 'This address is no longer available');
  }
  if (listing.sellerWallet === actor.walletAddress) {
    throw badRequest(ErrorCode.OWN_LISTING, 'id: you cannot make an offer on your own listing');
  }
  const priceLamports = parseSolToLamports(body.price as string);
  const listed = listing.price;
  if (priceLamports >= listed) {
    throw badRequest(
      ErrorCode.OFFER_AT_OR_ABOVE_PRICE,
      `price must be below the listed price of ${lamportsToSolString(listed)} SOL: at that price, buy the address`,
    );
  }
  const bid = await insertBid(deps, actor, {
    kind: 'offer',
    addressId,
    maxPriceLamports: priceLamports,
    totalLamports: await depositFor(deps, actor.walletAddress, priceLamports),
    expiresAt: expiryOf(deps, body.expiresAt),
  });
  return created(bid);
}

/** The bidder closes a live bid or offer; its deposit, if it landed, goes back now. */
export async function cancelBid(deps: PurchaseDeps, bid: BidRow): Promise<void> {
  const closed = await deps.db.transaction(async (tx) => {
    const row = await bidsRepository.lock(tx, bid.id);
    if (!row || (row.status !== 'awaiting-deposit' && row.status !== 'open')) return undefined;
    return closeBid(tx, row, 'cancelled', 'BID_CANCELLED', deps.now());
  });
  if (!closed) throw notOpen(bid, 'cancelled');
  await refundNow(deps, closed);
}

/** The seller declines an open offer; the deposit goes back now. */
export async function declineOffer(deps: PurchaseDeps, offer: BidRow): Promise<void> {
  const closed = await deps.db.transaction(async (tx) => {
    const row = await bidsRepository.lock(tx, offer.id);
    if (!row || row.status !== 'open') return undefined;
    return closeBid(tx, row, 'declined', 'OFFER_DECLINED', deps.now());
  });
  if (!closed) throw notOpen(offer, 'declined');
  await refundNow(deps, closed);
}

/** The seller accepts an open offer: the address is sold to it at once, like any sale. */
export async function acceptOffer(deps: PurchaseDeps, offer: BidRow): Promise<void> {
  const outcome = await fillBid(deps, offer.id, offer.addressId!);
  if (outcome === 'bid-not-open') throw notOpen(offer, 'accepted');
  if (outcome !== 'filled') {
    throw conflict(
      ErrorCode.LISTING_NOT_AVAILABLE,
      'This address is no longer for sale, so the offer cannot be accepted',
    );
  }
}

const notOpen = (bid: BidRow, verb: string) =>
  conflict(ErrorCode.BID_NOT_OPEN, `This ${bid.kind === 'offer' ? 'offer' : 'bid'} can no longer be ${verb}`);

/** Decides the closed bid's deposit and sends the refund now; the worker's pass would within seconds anyway. */
async function refundNow(deps: PurchaseDeps, bid: BidRow): Promise<void> {
  const { decided } = await decideBid(deps, bid.id);
  if (decided) await sendOn(deps, [bid.escrow]).catch(() => undefined); // the outbox pass finishes it
}

export async function bidView(db: Queryable, bid: BidRow): Promise<Bid> {
  const [fill, refunds] = await Promise.all([
    bidsRepository.fillOf(db, bid.id),
    bidsRepository.refundSignatures(db, bid.id),
  ]);
  return {
    id: bid.id,
    pattern: bid.pattern ?? '',
    position: bid.position ?? 'anywhere',
    caseSensitive: bid.caseSensitive ?? false,
    maxPrice: lamportsToSolString(bid.maxPriceLamports),
    address: fill?.address ?? null,
    filledPrice: fill ? lamportsToSolString(fill.priceLamports) : null,
    grindIfMissing: bid.grindIfMissing,
    orderId: bid.orderId,
    ...moneyView(bid, fill?.transactionId ?? null, refunds),
  };
}

export async function offerView(db: Queryable, offer: BidRow): Promise<Offer> {
  const [fill, refunds, listing] = await Promise.all([
    bidsRepository.fillOf(db, offer.id),
    bidsRepository.refundSignatures(db, offer.id),
    purchaseListingRepository.withSeller(db, offer.addressId!),
  ]);
  return {
    id: offer.id,
    addressId: offer.addressId!,
    address: listing?.address ?? '',
    price: lamportsToSolString(offer.maxPriceLamports),
    listedPrice: lamportsToSolString(listing?.price ?? 0n),
    bidderWallet: offer.bidderWallet,
    ...moneyView(offer, fill?.transactionId ?? null, refunds),
  };
}

function moneyView(bid: BidRow, transactionId: string | null, refundSignatures: string[]) {
  return {
    total: lamportsToSolString(bid.totalLamports),
    status: bid.status,
    expiresAt: bid.expiresAt.toISOString(),
    createdAt: bid.createdAt.toISOString(),
    fundedAt: bid.fundedAt?.toISOString() ?? null,
    closedAt: bid.closedAt?.toISOString() ?? null,
    transactionId,
    payment: paymentOfBid(bid),
    refundSignatures,
  };
}

/** What the bid page shows before bidding: the odds, the stock that matches now, what a grind would cost. */
export async function quoteBid(
  db: Queryable,
  input: PatternFields,
  grindQuote: (input: PatternFields) => OrderQuote | null,
): Promise<BidQuote> {
  // Anywhere: about one suffix's chance per place the pattern fits in a 44-character address (the rarity engine's
  // uniform odds; a prefix's first character is not uniform, which uniformKeyProbability accounts for).
  const probability =
    input.position === 'anywhere'
      ? Math.min(1, uniformKeyProbability({ ...input, position: 'suffix' }) * (44 - input.pattern.length + 1))
      : uniformKeyProbability({ ...input, position: input.position });
  const stock = await matchingStock(db, input, { limit: STOCK_COUNTED });
  const grind = grindQuote(input);
  return {
    probability,
    oneIn: probability > 0 ? Math.round(1 / probability) : 0,
    matchingStock: {
      count: stock.length,
      cheapest: stock.slice(0, 3).map((s) => ({ ...s, price: lamportsToSolString(s.price) })),
    },
    grind: grind ? { price: grind.price, p95Seconds: grind.seconds.p95 } : null,
  };
}
