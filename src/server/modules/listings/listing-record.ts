import type { RarityReport } from '@shared/rarity';
import type { Currency } from '@shared/domain-values';
import type { NewListingRow } from './listings.repository';

export interface ListingRecordInput {
  address: string;
  sellerId: string;
  priceLamports: bigint;
  currency?: Currency;
  isListed?: boolean;
  report: RarityReport;
}

/**
 * The `addresses` row of a new listing. Rarity, category, value and the feature columns are the server's own
 * (docs/domain.md#rarity-and-value), whatever the client sent.
 */
export function listingRecord(input: ListingRecordInput): NewListingRow {
  const { report } = input;
  const f = report.features;
  return {
    address: input.address,
    network: 'solana',
    sellerId: input.sellerId,
    price: input.priceLamports,
    currency: input.currency ?? 'SOL',
    rarityScore: report.rarityScore.toFixed(1),
    estimatedValue: report.estimatedValueLamports,
    category: report.category,
    // The declared pattern when it occurs in the address (the engine scores it there), else the engine's own.
    pattern: report.pattern,
    patternPosition: report.patternPosition,
    isListed: input.isListed ?? true,
    status: 'available',
    searchTags: f.searchTags,
    patternLength: f.patternLength,
    repeatingDigits: f.repeatingDigits,
    hasLeadingZeros: f.hasLeadingZeros,
    leadingZeroCount: f.leadingZeroCount,
    hasTrailingZeros: f.hasTrailingZeros,
    trailingZeroCount: f.trailingZeroCount,
    hasPalindrome: f.hasPalindrome,
    hasSequence: f.hasSequence,
    hasWordPattern: f.hasWordPattern,
    caseSensitivePattern: f.caseSensitivePattern,
  };
}
