import type { Queryable } from '@server/db/database';
import { inOneStatement } from '@server/db/one-statement';
import { blockchainTransactionAudit, priceHistory, salesAnalytics } from '@server/db/schema';
import { lamportsToSolString, percentChange, truncateToPriceUnit, usdColumnValue } from '@shared/money';

interface SaleFacts {
  transactionId: string;
  priceLamports: bigint;
  listing: ListingForSale;
  usdPerSol: number;
  at: Date;
}

type ListingForSale = {
  id: string;
  network: string;
  price: bigint;
  currency: string;
  rarityScore: string;
  category: string;
  estimatedValue: bigint | null;
  pattern: string | null;
  leadingZeroCount: number;
  hasPalindrome: boolean;
  hasSequence: boolean;
  hasWordPattern: boolean;
  hasTrailingZeros: boolean;
};

export interface ChainRecord {
  signature: string;
  slot: bigint | number | null;
  confirmations: number | null;
  networkStatus: 'confirmed' | 'finalized';
  from: string;
  to: string;
  lamports: bigint;
  feeLamports: bigint | null;
  blockTime: Date | null;
  explorerUrl: string;
}

function patternsOf(listing: ListingForSale): string[] {
  const tags = [
    listing.pattern && listing.pattern !== 'custom' ? listing.pattern : undefined,
    listing.leadingZeroCount > 0 ? 'leading-zeros' : undefined,
    listing.hasTrailingZeros ? 'trailing-zeros' : undefined,
    listing.hasPalindrome ? 'palindrome' : undefined,
    listing.hasSequence ? 'sequence' : undefined,
    listing.hasWordPattern ? 'word-like' : undefined,
  ];
  return tags.filter((t): t is string => Boolean(t));
}

/**
 * The rows one sale writes beside the state change (docs/domain.md#verification); they feed valuation and market stats.
 */
export const saleRepository = {
  /** The sale's analytics and price-history inserts, not run yet: for `inOneStatement` with the rest of the sale. */
  saleRows(db: Queryable, sale: SaleFacts) {
    const { listing, priceLamports } = sale;
    // numeric(18,8): round the variance down to 10 lamports so the column holds it exactly.
    const variance =
      listing.estimatedValue === null ? null : truncateToPriceUnit(priceLamports - listing.estimatedValue);
    const analytics = db
      .insert(salesAnalytics)
      .values({
        transactionId: sale.transactionId,
        addressId: listing.id,
        network: listing.network,
        rarityScore: listing.rarityScore,
        category: listing.category,
        estimatedValue: listing.estimatedValue,
        actualSalePrice: priceLamports,
        priceVariance: variance,
        saleDate: sale.at,
        leadingZeros: listing.leadingZeroCount,
        patterns: patternsOf(listing),
      })
      // Unique per transaction: a sale recorded twice stays one row.
      .onConflictDoNothing();

    const history = db.insert(priceHistory).values({
      addressId: listing.id,
      price: priceLamports,
      currency: listing.currency,
      priceUsd: usdColumnValue(priceLamports, sale.usdPerSol),
      changeType: 'sale',
      previousPrice: listing.price,
      changePercentage: percentChange(listing.price, priceLamports),
      transactionId: sale.transactionId,
      timestamp: sale.at,
    });
    return [analytics, history];
  },

  async recordSale(db: Queryable, sale: SaleFacts): Promise<void> {
    await inOneStatement(db, saleRepository.saleRows(db, sale));
  },

  /** The payment's chain record, not inserted yet: for `inOneStatement` with the rest of the sale. */
  chainAuditRow(db: Queryable, transactionId: string, record: ChainRecord, checkedAt: Date) {
    return db.insert(blockchainTransactionAudit).values({
      transactionId,
      txHash: record.signature,
      blockNumber: record.slot === null ? null : Number(record.slot),
      confirmations: record.confirmations,
      gasFee: record.feeLamports === null ? null : truncateToPriceUnit(record.feeLamports),
      fromAddress: record.from,
      toAddress: record.to,
      value: truncateToPriceUnit(record.lamports),
      recipients: [{ address: record.to, amount: lamportsToSolString(record.lamports) }],
      status: 'verified',
      networkStatus: record.networkStatus,
      network: 'solana',
      currency: 'SOL',
      confirmedAt: record.blockTime,
      lastCheckedAt: checkedAt,
      explorerUrls: [record.explorerUrl],
    });
  },
};
