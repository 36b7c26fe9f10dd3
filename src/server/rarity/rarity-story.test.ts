/**
 * One rarity and price story (docs/market-data.md#one-rarity-and-price-story): for any address, the one
 * model's difficulty, tier, suggested price and estimated value move together, and a pattern of two or more
 * characters is never "1 in 1" nor worth 0 SOL.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { craftSolana, encodeKey } from '@tests/helpers/rarity-fixtures';
import { analyzeAddress } from '.';
import {
  MIN_SUGGESTED_PRICE_LAMPORTS,
  PRICE_ANCHORS,
  priceCurveLamports,
  suggestedPriceLamports,
} from '@shared/rarity/pricing';
import { RARITY_TIERS, tierOf } from '@shared/rarity/tier';
import type { RarityReport } from '@shared/rarity/types';

/** A real key's address, and sometimes a seller's declared pattern cut out of it (2–6 characters, anywhere). */
const sampleArb = fc.record({
  key: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  declare: fc.boolean(),
  at: fc.nat(),
  length: fc.integer({ min: 2, max: 6 }),
  multiplier: fc.constantFrom(0.1, 1, 3.7),
});
type Sample = typeof sampleArb extends fc.Arbitrary<infer T> ? T : never;

function reportOf(s: Sample, multiplier = 1): RarityReport {
  const address = encodeKey(s.key);
  const start = s.at % (address.length - s.length + 1);
  const pattern = s.declare ? address.slice(start, start + s.length) : undefined;
  return analyzeAddress(address, { network: 'solana', pattern, baseValueMultiplier: multiplier });
}

const RUNS = 10_000;
const SEED = 27;

describe('the rarity model over 10,000 random addresses', () => {
  it('never says "1 in 1" or 0 SOL for a pattern of two or more characters', () => {
    fc.assert(
      fc.property(sampleArb, (s) => {
        const r = reportOf(s, s.multiplier);
        expect(r.isValid).toBe(true);
        if (s.declare) expect(r.pattern).not.toBeNull(); // a substring of the address always occurs in it
        if (r.pattern === null) return;
        expect(r.pattern.length).toBeGreaterThanOrEqual(2);
        expect(r.probability).toBeLessThan(1);
        // At least one base58 character's worth: a rounded "1 in N" never reads "1 in 1".
        expect(Math.round(r.expectedAttempts)).toBeGreaterThanOrEqual(17);
        expect(r.suggestedPriceLamports).toBeGreaterThanOrEqual(MIN_SUGGESTED_PRICE_LAMPORTS);
        expect(r.estimatedValueLamports).toBeGreaterThan(0n);
        expect(r.tier).toBe(tierOf(r.rarityScore).id);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('tier, score, suggested price and estimated value are monotone in difficulty', () => {
    const reports = fc.sample(sampleArb, { numRuns: RUNS, seed: SEED }).map((s) => reportOf(s));
    expect(reports.filter((r) => r.pattern !== null).length).toBeGreaterThan(RUNS / 3);
    reports.sort((a, b) => a.expectedAttempts - b.expectedAttempts);
    for (let i = 1; i < reports.length; i++) {
      const [easier, harder] = [reports[i - 1]!, reports[i]!];
      expect(harder.rarityScore).toBeGreaterThanOrEqual(easier.rarityScore);
      expect(RARITY_TIERS[harder.tier].rank).toBeGreaterThanOrEqual(RARITY_TIERS[easier.tier].rank);
      expect(harder.suggestedPriceLamports).toBeGreaterThanOrEqual(easier.suggestedPriceLamports);
      expect(harder.estimatedValueLamports).toBeGreaterThanOrEqual(easier.estimatedValueLamports);
    }
    // Not flat: the hardest of them is priced above the easiest pattern.
    const priced = reports.filter((r) => r.pattern !== null);
    expect(priced.at(-1)!.suggestedPriceLamports).toBeGreaterThan(priced[0]!.suggestedPriceLamports);
    expect(RARITY_TIERS[priced.at(-1)!.tier].rank).toBeGreaterThan(RARITY_TIERS[priced[0]!.tier].rank);
  });

  it('prices monotone in difficulty over the whole range, not only where samples fall', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 0, noNaN: true }),
        fc.double({ min: -60, max: 0, noNaN: true }),
        (a, b) => {
          const [easy, hard] = a >= b ? [10 ** a, 10 ** b] : [10 ** b, 10 ** a];
          expect(suggestedPriceLamports(hard)).toBeGreaterThanOrEqual(suggestedPriceLamports(easy));
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

describe('the patterns users saw as "1 in 1"', () => {
  // Declared at listing (or ground to order): valued as that pattern where it sits.
  const cases = [
    { pattern: '69', address: craftSolana('', '69'), attempts: 3364, score: 2.8, tier: 'BASIC', price: '0.001' },
    { pattern: 'Bb', address: craftSolana('Bb'), attempts: 982.4, score: 2.4, tier: 'BASIC', price: '0.001' },
    { pattern: 'Zz9', address: craftSolana('', 'Zz9'), attempts: 195_112, score: 4.1, tier: 'COMMON', price: '0.01' },
  ] as const;

  for (const c of cases) {
    it(`${c.pattern}: 1 in ${c.attempts}, ${c.tier}, ${c.price} SOL`, () => {
      const r = analyzeAddress(c.address, { network: 'solana', pattern: c.pattern });
      expect(r.pattern).toBe(c.pattern);
      expect(r.expectedAttempts).toBeCloseTo(c.attempts, 0);
      expect(r.rarityScore).toBe(c.score);
      expect(RARITY_TIERS[r.tier].label).toBe(c.tier);
      expect(r.suggestedPriceLamports).toBe(BigInt(Math.round(Number(c.price) * 1e9)));
      expect(r.estimatedValue).toBe(c.price);
    });
  }

  it('the same pattern in lower case is easier to find by accident, so never worth more', () => {
    const exact = analyzeAddress(craftSolana('', 'Zz9'), { pattern: 'Zz9' });
    const loose = analyzeAddress(craftSolana('', 'zz9'), { pattern: 'ZZ9' }); // matched ignoring case
    expect(loose.expectedAttempts).toBeLessThan(exact.expectedAttempts);
    expect(loose.suggestedPriceLamports).toBeLessThanOrEqual(exact.suggestedPriceLamports);
  });
});

describe('the price curve', () => {
  it("passes through the product spec's automatic-price table at whole equivalent characters", () => {
    for (const [chars, lamports] of PRICE_ANCHORS) {
      expect(suggestedPriceLamports(58 ** -chars)).toBe(lamports);
      expect(priceCurveLamports(chars)).toBeCloseTo(Number(lamports), -1);
    }
  });

  it('grows 5x per character past the table, and has a floor and no price for nothing valid', () => {
    expect(suggestedPriceLamports(58 ** -8)).toBe(50_000_000_000n);
    expect(suggestedPriceLamports(58 ** -1)).toBe(MIN_SUGGESTED_PRICE_LAMPORTS);
    expect(suggestedPriceLamports(1)).toBe(MIN_SUGGESTED_PRICE_LAMPORTS);
    expect(suggestedPriceLamports(0)).toBe(0n);
  });

  it('has no pattern worth nothing, and no address without one worth something', () => {
    const plain = analyzeAddress(craftSolana(''), { network: 'solana' });
    expect(plain.pattern).toBeNull();
    expect(plain.estimatedValueLamports).toBe(0n);
    expect(plain.tier).toBe('basic');
  });
});
