import { describe, expect, it } from 'vitest';
import { firstCharCounts } from '../rarity/first-char-distribution';
import { analyzeAddress } from '../rarity';
import { suggestedPriceLamports } from '../rarity/pricing';
import { grindCostLamports } from '../rarity/valuation';
import { craftSolana } from '@tests/helpers/rarity-fixtures';
import {
  attemptsForChance,
  chanceFoundBy,
  difficultyOf,
  orderPriceLamports,
  orderProbability,
  orderRarityScore,
  patternProblem,
  type OrderPattern,
} from './quote';

const order = (pattern: string, position: 'prefix' | 'suffix', caseSensitive = true): OrderPattern => ({
  pattern,
  position,
  caseSensitive,
});

/** P(first char = c) for a 32-byte key straight from the exact integer counts, independent of the cached table. */
const first = (c: string) => {
  const counts = firstCharCounts(32);
  const d = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'.indexOf(c);
  return Number(counts[d]!) / 2 ** 256;
};

describe('order quote maths', () => {
  it('bands a prefix by the true first-character odds: 2…H about 3.4× easier than 1/58, a…z about 17× harder', () => {
    const easy = orderProbability(order('AB', 'prefix'));
    const hard = orderProbability(order('ab', 'prefix'));
    expect(easy).toBeCloseTo(first('A') / 58, 15);
    expect(hard).toBeCloseTo(first('a') / 58, 15);
    expect(easy * 58 * 58).toBeGreaterThan(3.3);
    expect(easy * 58 * 58).toBeLessThan(3.5);
    expect(1 / (hard * 58 * 58)).toBeGreaterThan(16);
    expect(1 / (hard * 58 * 58)).toBeLessThan(18);
    expect(Math.round(1 / easy)).toBe(982);
    expect(Math.round(1 / hard)).toBe(57960);
  });

  it("quotes a 'J' prefix by its exact odds: 'Jz' needs a 43-character key, 'J2' does not", () => {
    // 'J' leads 44-character keys only in the last 0.27 of a band, where the second character is at most 'G'.
    expect(1 / orderProbability(order('Jz', 'prefix'))).toBeCloseTo(2 ** 256 / 58 ** 41, -3);
    expect(1 / orderProbability(order('J2', 'prefix'))).toBeCloseTo(2 ** 256 / (58 ** 42 + 58 ** 41), -3);
    // Every other leading character keeps its first-character odds, then 1/58.
    for (const c of ['2', 'A', 'H', 'K', 'z'])
      expect(orderProbability(order(`${c}z`, 'prefix'))).toBeCloseTo(first(c) / 58, 15);
  });

  it('prices a suffix at 58^-n and counts both cases of a letter when case does not matter', () => {
    expect(1 / orderProbability(order('ab', 'suffix'))).toBeCloseTo(3364, 6);
    expect(1 / orderProbability(order('abc', 'suffix'))).toBeCloseTo(195112, 4);
    expect(1 / orderProbability(order('ab', 'suffix', false))).toBeCloseTo(841, 6); // (58/2)^2
    expect(1 / orderProbability(order('o9', 'suffix', false))).toBeCloseTo(3364, 6); // 'O' is not base58
    // Case-insensitive prefix 'ab': 'A' (≈1 in 17) or 'a' (≈1 in 1,000) first, then 'a'/'B' second.
    expect(orderProbability(order('ab', 'prefix', false))).toBeCloseTo(((first('A') + first('a')) * 2) / 58, 15);
  });

  it('gives the geometric quantiles: 50% at ln2/p, 95% at ln20/p attempts, and the honest chance by now', () => {
    const d = difficultyOf(1 / 3364);
    expect(d.expectedAttempts).toBeCloseTo(3364, 9);
    expect(d.attempts50).toBe(2332);
    expect(d.attempts95).toBe(10077);
    expect(chanceFoundBy(1 / 3364, d.attempts50)).toBeGreaterThanOrEqual(0.5);
    expect(chanceFoundBy(1 / 3364, d.attempts50 - 1)).toBeLessThan(0.5);
    expect(chanceFoundBy(1 / 3364, 3364)).toBeCloseTo(1 - Math.exp(-1), 3);
    expect(chanceFoundBy(1 / 3364, 0)).toBe(0);
    expect(attemptsForChance(0, 0.5)).toBe(Infinity);
  });

  it('prices by the rarity model price curve, and scores by difficulty', () => {
    // 'Ab' (1 in 982: 'A' leads 1 key in 17) sits at the 0.001 SOL floor; 'ab' ('a' leads 1 in 1,000) costs more
    expect(orderPriceLamports(order('Ab', 'prefix'), orderProbability(order('Ab', 'prefix')))).toBe(1_000_000n);
    expect(orderPriceLamports(order('ab', 'prefix'), orderProbability(order('ab', 'prefix')))).toBe(5_000_000n);
    expect(orderPriceLamports(order('abc', 'suffix'), 58 ** -3)).toBe(10_000_000n); // 3 characters: 0.01 SOL
    const hard = order('abcdefgh', 'suffix');
    // 8 characters: 5 × the 10 SOL of 7, far above the ≈1.42 SOL grinding cost (which used to be the price)
    expect(orderPriceLamports(hard, 58 ** -8)).toBe(50_000_000_000n);
    expect(grindCostLamports(58 ** 8, 'solana')).toBeLessThan(50_000_000_000n);
    expect(orderRarityScore(orderProbability(order('AB', 'prefix')))).toBe(2.4);
    expect(orderRarityScore(58 ** -3)).toBe(4.1);
  });

  it('quotes an order at the price a listing of the same pattern is suggested at', () => {
    for (const [pattern, position] of [
      ['69', 'suffix'],
      ['Bb', 'prefix'],
      ['Zz9', 'suffix'],
      ['777', 'prefix'],
      ['Go', 'prefix'],
    ] as const) {
      const o = order(pattern, position);
      const address = position === 'prefix' ? craftSolana(pattern, '') : craftSolana('', pattern);
      const listing = analyzeAddress(address, { network: 'solana', pattern });
      expect(listing.pattern).toBe(pattern);
      expect(orderPriceLamports(o, orderProbability(o))).toBe(listing.suggestedPriceLamports);
      expect(orderPriceLamports(o, orderProbability(o))).toBe(suggestedPriceLamports(listing.probability));
    }
  });

  it('names the bad character of a pattern that is not base58', () => {
    for (const bad of ['0', 'O', 'I', 'l']) {
      expect(patternProblem(order(`a${bad}`, 'prefix'))).toContain(`'${bad}' is not a base58 character`);
    }
    expect(patternProblem(order('a-', 'suffix', false))).toContain(`'-'`);
    expect(patternProblem(order('0', 'suffix', false))).toContain(`'0'`);
    expect(patternProblem(order('Cool', 'prefix', false))).toBeNull(); // l → L, o → o
    expect(patternProblem(order('', 'prefix'))).toMatch(/at least one/);
    expect(patternProblem(order('abcdefghj', 'prefix'))).toMatch(/at most 8/);
    expect(patternProblem(order('Vau1t', 'prefix'))).toBeNull();
  });
});
