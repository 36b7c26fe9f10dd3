/**
 * The maths of a custom-pattern order (docs/domain.md#custom-orders), shared by the server's quote and the order page.
 *
 * Difficulty comes from the rarity engine's own model (probability.ts): a prefix uses the true base58
 * first-character banding, a suffix 58^-n, a case-insensitive character counts every base58 spelling of it.
 * Grinding is a sequence of independent trials with success probability p, so the number of attempts is
 * geometric: P(found within n) = 1 − (1 − p)^n. That is also the honest "chance found by now": the process is
 * memoryless, so the work already done never makes the next key likelier to match.
 */
import type { OrderLane } from '../domain-values';
import { MIN_PRICE_LAMPORTS } from '../money';
import { BASE58_ALPHABET, base58CaseVariants } from '../rarity/alphabet';
import { prefixProbability, suffixProbability } from '../rarity/probability';
import { rarityScoreFromProbability } from '../rarity/score';
import { suggestedPriceLamports } from '../rarity/pricing';

export type OrderPosition = 'prefix' | 'suffix';

export interface OrderPattern {
  pattern: string;
  position: OrderPosition;
  caseSensitive: boolean;
}

/** Longest pattern the shop takes at all; the attempts limit usually stops far shorter ones. */
export const ORDER_PATTERN_MAX_LENGTH = 8;

/** Why a pattern cannot be ground, naming the first bad character; null when it is valid base58. */
export function patternProblem({ pattern, caseSensitive }: OrderPattern): string | null {
  if (pattern.length === 0) return 'Type at least one character';
  if (pattern.length > ORDER_PATTERN_MAX_LENGTH) {
    return `A pattern has at most ${ORDER_PATTERN_MAX_LENGTH} characters`;
  }
  for (const char of pattern) {
    const ok = caseSensitive ? BASE58_ALPHABET.includes(char) : base58CaseVariants(char).length > 0;
    if (!ok) return `'${char}' is not a base58 character: Solana addresses never contain 0, O, I or l`;
  }
  return null;
}

/** P(one random keypair matches). */
export function orderProbability({ pattern, position, caseSensitive }: OrderPattern): number {
  return position === 'prefix'
    ? prefixProbability(pattern, 'solana', caseSensitive)
    : suffixProbability(pattern, 'solana', caseSensitive);
}

/** Attempts after which the chance of having found a match is `chance` (geometric quantile). */
export function attemptsForChance(probability: number, chance: number): number {
  if (!(probability > 0)) return Infinity;
  if (probability >= 1) return 1;
  return Math.ceil(Math.log1p(-chance) / Math.log1p(-probability));
}

/** P(found within `attempts` keys): the honest progress figure. */
export function chanceFoundBy(probability: number, attempts: number): number {
  if (!(probability > 0) || attempts <= 0) return 0;
  if (probability >= 1) return 1;
  return -Math.expm1(attempts * Math.log1p(-probability));
}

export interface Difficulty {
  probability: number;
  expectedAttempts: number;
  attempts50: number;
  attempts95: number;
}

export function difficultyOf(probability: number): Difficulty {
  return {
    probability,
    expectedAttempts: 1 / probability,
    attempts50: attemptsForChance(probability, 0.5),
    attempts95: attemptsForChance(probability, 0.95),
  };
}

/**
 * The order's price: the rarity model's suggested price for its difficulty (rarity/pricing.ts), the same a listing of
 * equal difficulty is suggested at (docs/market-data.md#one-rarity-and-price-story). Independent of the measured rate
 * and of the market multiplier, so every instance quotes the same price.
 */
export function orderPriceLamports(_order: OrderPattern, probability: number, lane: OrderLane = 'wallet'): bigint {
  const suggested = (suggestedPriceLamports(probability, 'solana') * LANE_PRICE_PERCENT[lane]) / 100n;
  // Never below what an escrow can receive and pay out (docs/domain.md#settlement): the order is bought like a listing.
  return suggested < MIN_PRICE_LAMPORTS ? MIN_PRICE_LAMPORTS : suggested;
}

/**
 * Each lane's price rule (DESIGN.md §14, decision 0018), as a share of the rarity model's price. A split-key address
 * is as rare as a wallet's and only its buyer can ever use it: full price. A seed-derived address is bound to one base
 * wallet and one owning program and has no key to sell on: half price.
 */
const LANE_PRICE_PERCENT: Record<OrderLane, bigint> = { wallet: 100n, 'split-key': 100n, 'seed-derived': 50n };

export function orderRarityScore(probability: number): number {
  return rarityScoreFromProbability(probability);
}

/** Seconds to reach `attempts` at `keysPerSecond`; null when no rate is known yet. */
export function secondsAt(attempts: number, keysPerSecond: number): number | null {
  return keysPerSecond > 0 ? attempts / keysPerSecond : null;
}
