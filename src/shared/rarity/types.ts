/** Shapes of the rarity model's answers. Pure types: safe for the browser. */

import type { Category, Network } from '../domain-values';
import type { RarityTierId } from './tier';

export type { Category, Network };

export type PatternPosition = 'prefix' | 'suffix' | 'middle';

/** The pattern-type keys of the spec's auto-price multipliers (docs/product-spec.md#constants-and-limits). */
export type PatternType =
  'prefix' | 'suffix' | 'middle' | 'palindrome' | 'sequence' | 'word_like' | 'numerical' | 'repetition';

/**
 * The per-listing feature columns of `addresses` (docs/product-spec.md#stored-tables), computed when a listing is
 * created.
 */
export interface ListingFeatures {
  /** Length of the reported pattern; 0 when there is none. */
  patternLength: number;
  /** Longest run of one repeated digit character ('7777' → 4); 0 when no digit repeats. */
  repeatingDigits: number;
  /** Solana: leading '1's, i.e. leading zero bytes. Ethereum: leading '0' hex digits after 0x. */
  hasLeadingZeros: boolean;
  leadingZeroCount: number;
  /** Solana: trailing '1's (base58 digit zero). Ethereum: trailing '0' hex digits. */
  hasTrailingZeros: boolean;
  trailingZeroCount: number;
  /** A palindromic run of at least 5 characters anywhere (case-insensitive for Ethereum). */
  hasPalindrome: boolean;
  /** An ascending or descending run ('1234', 'abcd', 'DCBA') of at least 4 characters. */
  hasSequence: boolean;
  /** An English word of ≥ 4 letters at the start or end, or of ≥ 5 letters anywhere (case-insensitive). */
  hasWordPattern: boolean;
  /** The reported pattern matched with its exact case and has letters whose case matters (Solana only). */
  caseSensitivePattern: boolean;
  /** Lower-case search keywords: network, category, position, the pattern, words and numbers found. */
  searchTags: string[];
}

export interface RarityReport {
  isValid: boolean;
  message: string;
  network: Network;
  address: string;
  pattern: string | null;
  patternPosition: PatternPosition | null;
  category: Category;
  /** 0–10, one decimal: 1.25 × (log58(1/probability) + 1 − H), clamped (score.ts). */
  rarityScore: number;
  /** The score's tier (tier.ts): the one set of names every page and the API use. */
  tier: RarityTierId;
  /** Probability that one random keypair produces this match. */
  probability: number;
  /** 1/p. */
  expectedAttempts: number;
  /** ln 2 / p (at least 1): half of all grinds finish within this many attempts. */
  medianAttempts: number;
  /** Expected attempts ÷ the reference grind rate of the network. */
  grindSeconds: number;
  /** The suggested price × `baseValueMultiplier` (pricing.ts); 0 when no pattern is found. */
  estimatedValueLamports: bigint;
  /** The same amount as a SOL decimal string with at most 8 decimals (numeric(18,8)). */
  estimatedValue: string;
  /**
   * What to list it for, and what ordering the same pattern costs (pricing.ts): the price curve of its difficulty,
   * without the market multiplier. The floor (0.001 SOL) when no pattern is found; 0 for an invalid address.
   */
  suggestedPriceLamports: bigint;
  features: ListingFeatures;
}

export interface AnalyzeOptions {
  /** Default: 'ethereum' when the address starts with 0x, else 'solana'. */
  network?: Network;
  /** A seller's declared pattern: scored where it occurs instead of the detected best feature. */
  pattern?: string;
  /** Market calibration from `algorithm_adjustments` (docs/domain.md#estimated-value); default 1. Scales the
   * estimated value only, never the suggested price (docs/market-data.md#one-rarity-and-price-story). */
  baseValueMultiplier?: number;
}
