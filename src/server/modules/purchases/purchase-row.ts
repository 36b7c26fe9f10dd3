import { randomUUID } from 'node:crypto';
import type { Queryable } from '@server/db/database';
import { DEFAULT_MEMBERSHIP_TIERS } from '@server/db/seed-reference-data';
import type { PurchaseDeps } from './deps';
import type { Fees } from './fees';
import { paymentMemoOf } from './payment-reference';
import { newEscrowKey, purchaseOwner, settlementRepository } from '../settlement';
import { referenceDataRepository } from './reference-data.repository';
import { purchasesRepository, type PurchaseRow } from './purchases.repository';

/** Every buyer is 'basic' until memberships can be bought: nothing stores a wallet's tier yet. */
export const tierOfBuyer = (_wallet: string) => 'basic';

/** A membership tier by name. The shipped defaults stand in for a database nobody seeded yet (the runtime seeds them). */
export async function membershipTier(db: Queryable, name: string) {
  return (await referenceDataRepository.activeTier(db, name)) ?? DEFAULT_MEMBERSHIP_TIERS.find((t) => t.name === name);
}

export interface PurchaseRowInput {
  listing: { id: string; sellerId: string; sellerWallet: string };
  /** The signed-in buyer's user row; null for an Actions purchase, which creates no user. */
  buyerId: string | null;
  /** The wallet that must pay and may reveal the key once signed in. */
  buyerWallet: string;
  priceLamports: bigint;
  fees: Fees;
  /** Not-before-initiation compares slots (docs/domain.md#verification): the payment must land at or after this one. */
  initiatedSlot: bigint;
  /**
   * Whether the row holds the listing. Said by every caller, never defaulted: an Actions purchase names any account,
   * so its row must not (docs/domain.md#solana-pay-and-actions); only a signed-in buyer's initiate reserves.
   */
  reservesListing: boolean;
  now: Date;
  /** How long the row waits for its payment before it expires. */
  paymentWindowMs: number;
}

/**
 * The `initiated` purchase row the web initiate and the Actions POST both insert, with its own escrow
 * (docs/domain.md#settlement): a fresh keypair sealed by the vault, whose address is where the buyer pays and the
 * payment's reference. The price and fees are as charged, the seller is who the payout goes to, and the treasury is
 * set only when a commission is due. The rules that decide whether the buyer may have it stay with each caller.
 */
export async function insertPurchaseRow(
  db: Queryable,
  deps: Pick<PurchaseDeps, 'treasuryWallet' | 'cipher'>,
  input: PurchaseRowInput,
): Promise<PurchaseRow> {
  const { listing, fees, now } = input;
  const id = randomUUID();
  const escrow = newEscrowKey(deps.cipher);
  const row = await purchasesRepository.insert(db, {
    id,
    addressId: listing.id,
    buyerId: input.buyerId,
    buyerWallet: input.buyerWallet,
    sellerId: listing.sellerId,
    price: input.priceLamports,
    currency: 'SOL',
    exchangeFee: fees.exchangeFeeLamports,
    commissionFee: fees.commissionFeeLamports,
    totalAmount: fees.totalLamports,
    status: 'initiated',
    reservesListing: input.reservesListing,
    initiatedSlot: input.initiatedSlot,
    paymentReference: escrow.address,
    paymentMemo: paymentMemoOf(id),
    recipientWallet: listing.sellerWallet,
    priceLamports: input.priceLamports,
    commissionLamports: fees.platformFeeLamports,
    networkFeeLamports: fees.networkFeeLamports,
    treasuryWallet: fees.platformFeeLamports > 0n ? deps.treasuryWallet! : null,
    expiresAt: new Date(now.getTime() + input.paymentWindowMs),
    createdAt: now,
  });
  await settlementRepository.insertEscrowKey(db, purchaseOwner(id), escrow);
  return row;
}
