import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import { ErrorCode } from '@shared/api/errors';
import { lamportsToSolString, MoneyParseError, parseSolToLamports } from '@shared/money';
import { badRequest, conflict, forbidden, notFound } from '@server/http/app-error';
import { crashPoint } from '@server/config/crash-point';
import { inOneStatement } from '@server/db/one-statement';
import { auditRow } from '../audit';
import { listingStatusRepository } from '../listings';
import { usersRepository } from '../users';
import type { Actor, PurchaseDeps } from './deps';
import { feesFor } from './purchase-fees';
import { purchaseListingRepository } from './listing.repository';
import { insertPurchaseRow, membershipTier, tierOfBuyer } from './purchase-row';
import { refuseUnsafePurchase } from './safety-gate';
import { assertBuyable } from './buyable';
import { findOpenReservation, initiateResponseOf } from './open-purchase';
import { buyerBalance, checkReservationRules } from './reservation-limits';
import { currentSlot } from './chain-reads';
import { withChain } from './verify-outcome';

export interface InitiateInput {
  addressId: string;
  buyerId: string;
  price: number | string;
  currency: string;
  membershipTier: string;
}

function parsePrice(price: number | string): bigint {
  try {
    return parseSolToLamports(price);
  } catch (err) {
    if (err instanceof MoneyParseError) throw badRequest(ErrorCode.VALIDATION_FAILED, `Price: ${err.message}`);
    throw err;
  }
}

export interface InitiateOutcome {
  response: InitiatePurchaseResponse;
  /** False when the buyer already held this listing's open reservation and got that purchase back. */
  created: boolean;
}

/**
 * Starts a purchase with its own escrow (docs/domain.md#settlement). A reservation is a notice, not a lock: other
 * buyers may start and pay too, and the first payment to land buys the key while the others are refunded. The listing
 * row is locked for the whole database transaction so the buyer's own rules (allowance, cooldown) are counted once.
 * Idempotent per buyer and listing: a buyer who already has an unpaid purchase of the listing gets that one back.
 */
export async function initiatePurchase(
  deps: PurchaseDeps,
  input: InitiateInput,
  actor: Actor,
): Promise<InitiateOutcome> {
  if (input.currency !== 'SOL') throw badRequest(ErrorCode.UNSUPPORTED_CURRENCY, 'Only Solana payments are supported');
  if (input.buyerId !== actor.wallet) {
    throw forbidden(ErrorCode.WALLET_MISMATCH, 'buyerId must be the wallet you signed in with');
  }
  const offeredLamports = parsePrice(input.price);
  const tier = await membershipTier(deps.db, input.membershipTier);
  if (!tier) throw badRequest(ErrorCode.MEMBERSHIP_TIER_NOT_FOUND, `Unknown membership tier '${input.membershipTier}'`);
  // The tier is the buyer's, not the request's: a body saying 'elite' must not buy an elite discount.
  if (tier.name !== tierOfBuyer(actor.wallet)) {
    throw forbidden(ErrorCode.MEMBERSHIP_TIER_MISMATCH, `Your wallet does not hold the ${tier.name} membership`);
  }

  // docs/domain.md#account-safety-checks: the address is checked on chain before anything is reserved (outside the row
  // lock).
  const target = await purchaseListingRepository.findOpen(deps.db, input.addressId);
  if (target) await refuseUnsafePurchase(deps, target);

  // Read before the transaction: no listing row lock waits on an RPC round trip.
  const [balance, initiatedSlot] = await withChain(() =>
    Promise.all([buyerBalance(deps.rpc, actor.wallet), currentSlot(deps.rpc)]),
  );

  return deps.db.transaction(async (tx) => {
    const listing = await purchaseListingRepository.lockForPurchase(tx, input.addressId);
    if (!listing || listing.deletedAt !== null) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
    const held = await findOpenReservation(tx, { buyerWallet: actor.wallet, addressId: listing.id, now: deps.now() });
    if (held) return { response: initiateResponseOf(held), created: false };
    await assertBuyable(tx, listing, actor.wallet, deps.now());
    const priceLamports = listing.price;
    if (offeredLamports !== priceLamports) {
      throw conflict(
        ErrorCode.PRICE_MISMATCH,
        `The price of this address is ${lamportsToSolString(priceLamports)} SOL; reload the page and try again`,
      );
    }

    const buyer = await usersRepository.upsertByWallet(tx, actor.wallet);
    const fees = await feesFor(tx, priceLamports, tier, Boolean(deps.treasuryWallet));
    const now = deps.now();
    await checkReservationRules(tx, deps, {
      buyerId: buyer.id,
      addressId: listing.id,
      now,
      balance,
      totalLamports: fees.totalLamports,
    });
    const row = await insertPurchaseRow(tx, deps, {
      listing,
      buyerId: buyer.id,
      buyerWallet: actor.wallet,
      priceLamports,
      fees,
      initiatedSlot,
      reservesListing: true,
      now,
      paymentWindowMs: deps.reservationMs,
    });
    await inOneStatement(tx, [
      listingStatusRepository.showCheckout(tx, listing.id),
      auditRow(tx, {
        action: 'purchase.initiate',
        performedBy: actor.wallet,
        transactionId: row.id,
        metadata: { addressId: listing.id, price: lamportsToSolString(priceLamports), tier: tier.name },
        ip: actor.ip,
        userAgent: actor.userAgent,
      }),
    ]);
    crashPoint('initiate:before-commit');
    return { response: initiateResponseOf(row), created: true };
  });
}
