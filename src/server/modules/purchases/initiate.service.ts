import { randomUUID } from 'node:crypto';
import type { InitiateTransactionResponse } from '@shared/api/transactions';
import { ErrorCode } from '@shared/api/errors';
import { lamportsToSolString, MoneyParseError, parseSolToLamports } from '@shared/money';
import { badRequest, conflict, forbidden, notFound } from '@server/http/app-error';
import { DEFAULT_MEMBERSHIP_TIERS, DEFAULT_SOLANA_FEE_CONFIG } from '@server/db/seed-reference-data';
import { recordAudit } from '../audit';
import { usersRepository } from '../users';
import type { Actor, PurchaseDeps } from './deps';
import { calculateFees, feeCalculationOf } from './fees';
import { purchaseListingRepository } from './listing.repository';
import { newPaymentReference, paymentMemoOf } from './payment-reference';
import { referenceDataRepository } from './reference-data.repository';
import { isUniqueViolation, transactionsRepository } from './transactions.repository';
import { paymentOf } from './transaction-view';

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
 * Reserves a listing for one buyer (DESIGN §5.1). The listing row is locked for the whole database
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
      const priceLamports = parseSolToLamports(listing.price);
      if (offeredLamports !== priceLamports) {
        throw conflict(
          ErrorCode.PRICE_MISMATCH,
          `The price of this address is ${lamportsToSolString(priceLamports)} SOL; reload the page and try again`,
        );
      }

      const buyer = await usersRepository.upsertByWallet(tx, actor.wallet);
      const feeConfig = (await referenceDataRepository.activeFeeConfig(tx, 'solana')) ?? DEFAULT_SOLANA_FEE_CONFIG;
      const fees = calculateFees(
        priceLamports,
        {
          exchangeFeePercentage: feeConfig.exchangeFeePercentage,
          commissionFeePercentage: feeConfig.commissionFeePercentage,
          minimumFee: feeConfig.minimumFee,
          maximumFee: feeConfig.maximumFee,
          gasFeeMultiplier: feeConfig.gasFeeMultiplier,
          commissionDiscount: tier.commissionDiscount,
        },
        Boolean(deps.treasuryWallet),
      );
      const now = deps.now();
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
