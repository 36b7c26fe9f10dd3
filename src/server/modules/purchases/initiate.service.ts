import { randomUUID } from 'node:crypto';
import type { InitiateTransactionResponse } from '@shared/api/transactions';
import { ErrorCode } from '@shared/api/errors';
import { lamportsToSolString, MoneyParseError, parseSolToLamports } from '@shared/money';
import { badRequest, conflict, forbidden, notFound } from '@server/http/app-error';
import { crashPoint } from '@server/config/crash-point';
import { DEFAULT_MEMBERSHIP_TIERS } from '@server/db/seed-reference-data';
import { recordAudit } from '../audit';
import { usersRepository } from '../users';
import type { Actor, PurchaseDeps } from './deps';
import { feeCalculationOf } from './fees';
import { feesFor } from './purchase-fees';
import { purchaseListingRepository } from './listing.repository';
import { newPaymentReference, paymentMemoOf } from './payment-reference';
import { referenceDataRepository } from './reference-data.repository';
import { refuseUnsafePurchase } from './safety-gate';
import { assertNotReservedForAnother } from './requester-reservation';
import { isUniqueViolation, transactionsRepository } from './transactions.repository';
import { paymentOf } from './transaction-view';
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

/** Every buyer is 'basic' until memberships can be bought: nothing stores a wallet's tier yet. */
const tierOfBuyer = (_wallet: string) => 'basic';

export const listingNotAvailable = () =>
  conflict(ErrorCode.LISTING_NOT_AVAILABLE, 'This address is no longer available');

function parsePrice(price: number | string): bigint {
  try {
    return parseSolToLamports(price);
  } catch (err) {
    if (err instanceof MoneyParseError) throw badRequest(ErrorCode.VALIDATION_FAILED, `Price: ${err.message}`);
    throw err;
  }
}

/**
 * Reserves a listing for one buyer (docs/domain.md#reservation). The listing row is locked for the whole database
 * transaction, so of any number of buyers racing exactly one finds it `available`; the partial unique index
 * (one open purchase per listing) is the database's own second guard.
 */
export async function initiatePurchase(
  deps: PurchaseDeps,
  input: InitiateInput,
  actor: Actor,
): Promise<InitiateTransactionResponse> {
  if (input.currency !== 'SOL') throw badRequest(ErrorCode.UNSUPPORTED_CURRENCY, 'Only Solana payments are supported');
  if (input.buyerId !== actor.wallet) {
    throw forbidden(ErrorCode.WALLET_MISMATCH, 'buyerId must be the wallet you signed in with');
  }
  const offeredLamports = parsePrice(input.price);
  // The shipped defaults stand in for a database nobody seeded yet (the runtime seeds them at start-up).
  const tier =
    (await referenceDataRepository.activeTier(deps.db, input.membershipTier)) ??
    DEFAULT_MEMBERSHIP_TIERS.find((t) => t.name === input.membershipTier);
  if (!tier) throw badRequest(ErrorCode.MEMBERSHIP_TIER_NOT_FOUND, `Unknown membership tier '${input.membershipTier}'`);
  // The tier is the buyer's, not the request's: a body saying 'elite' must not buy an elite discount.
  if (tier.name !== tierOfBuyer(actor.wallet)) {
    throw forbidden(ErrorCode.MEMBERSHIP_TIER_MISMATCH, `Your wallet does not hold the ${tier.name} membership`);
  }

  // docs/domain.md#account-safety-checks: the address is checked on chain before anything is reserved (outside the row
  // lock).
  const target = await purchaseListingRepository.findOpen(deps.db, input.addressId);
  if (target) await refuseUnsafePurchase(deps, target, actor);

  // Read before the transaction: no listing row lock waits on an RPC round trip.
  const [balance, initiatedSlot] = await withChain(() =>
    Promise.all([buyerBalance(deps.rpc, actor.wallet), currentSlot(deps.rpc)]),
  );

  try {
    return await deps.db.transaction(async (tx) => {
      const listing = await purchaseListingRepository.lockForPurchase(tx, input.addressId);
      if (!listing || listing.deletedAt !== null) throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
      if (listing.status !== 'available' || !listing.isListed) throw listingNotAvailable();
      if (listing.network !== 'solana' || listing.currency !== 'SOL') {
        throw badRequest(ErrorCode.UNSUPPORTED_CURRENCY, 'Only Solana payments are supported');
      }
      if (listing.sellerWallet === actor.wallet)
        throw conflict(ErrorCode.OWN_LISTING, 'You cannot buy your own listing');
      // Custom orders (issue 16): a listing ground to order is its requester's alone for 24 h.
      await assertNotReservedForAnother(tx, listing.id, actor.wallet, deps.now());
      const priceLamports = parseSolToLamports(listing.price);
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
      const id = randomUUID();
      const row = await transactionsRepository.insert(tx, {
        id,
        addressId: listing.id,
        buyerId: buyer.id,
        sellerId: listing.sellerId,
        price: listing.price,
        currency: 'SOL',
        exchangeFee: lamportsToSolString(fees.exchangeFeeLamports),
        commissionFee: lamportsToSolString(fees.commissionFeeLamports),
        totalAmount: lamportsToSolString(fees.totalLamports),
        status: 'initiated',
        paymentReference: newPaymentReference(),
        paymentMemo: paymentMemoOf(id),
        recipientWallet: listing.sellerWallet,
        priceLamports,
        commissionLamports: fees.platformFeeLamports,
        networkFeeLamports: fees.networkFeeLamports,
        treasuryWallet: fees.platformFeeLamports > 0n ? deps.treasuryWallet! : null,
        expiresAt: new Date(now.getTime() + deps.reservationMs),
        initiatedSlot,
        createdAt: now,
      });
      if (!(await purchaseListingRepository.reserve(tx, listing.id))) throw listingNotAvailable();
      await recordAudit(tx, {
        action: 'purchase.initiate',
        performedBy: actor.wallet,
        transactionId: id,
        metadata: { addressId: listing.id, price: lamportsToSolString(priceLamports), tier: tier.name },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      crashPoint('initiate:before-commit');
      return {
        transactionId: id,
        status: 'initiated' as const,
        expiresAt: row.expiresAt.toISOString(),
        feeCalculation: feeCalculationOf({
          price: priceLamports,
          platformFee: fees.platformFeeLamports,
          networkFee: fees.networkFeeLamports,
        }),
        payment: paymentOf(row),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'transactions_one_open_per_address')) throw listingNotAvailable();
    throw err;
  }
}
