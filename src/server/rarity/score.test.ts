import { describe, expect, it } from 'vitest';
import { firstCharProbability } from '@shared/rarity/first-char-distribution';
import { FIRST_CHAR_ENTROPY_BASE58, rarityScoreFromProbability } from '@shared/rarity/score';
import { analyzeAddress } from '.';
import { craftSolana, randomSolanaAddresses } from '@tests/helpers/rarity-fixtures';

describe('rarityScore', () => {
  it("gives the expected worth of a key's first character, ≈ 0.745 base58 characters", () => {
    expect(FIRST_CHAR_ENTROPY_BASE58).toBeGreaterThan(0.73);
    expect(FIRST_CHAR_ENTROPY_BASE58).toBeLessThan(0.76);
  });

  it('adds 1.25 per base58 character of difficulty, clamped to 0…10', () => {
    const at = (n: number) => rarityScoreFromProbability(58 ** -n);
    for (let n = 2; n <= 6; n++) expect(Math.abs(at(n + 1) - at(n) - 1.25)).toBeLessThanOrEqual(0.11);
    expect(Math.abs(at(3 + FIRST_CHAR_ENTROPY_BASE58) - 5)).toBeLessThanOrEqual(0.05); // the average 4-char prefix
    expect(at(8)).toBe(10);
    expect(at(12)).toBe(10);
    expect(rarityScoreFromProbability(1)).toBe(0);
    expect(rarityScoreFromProbability(0)).toBe(0);
  });

  it('keeps one decimal', () => {
    for (const p of [0.3, 1e-5, 3.3e-9, 58 ** -5.5]) {
      const score = rarityScoreFromProbability(p);
      expect(Math.round(score * 10) / 10).toBe(score);
    }
  });

  it('scores the 4-character prefixes of real keys 5 on average (± 0.3), 10 at 8 characters', () => {
    const keys = randomSolanaAddresses(2000);
    const mean = (n: number) =>
      keys.map((k) => analyzeAddress(k, { pattern: k.slice(0, n) }).rarityScore).reduce((a, b) => a + b, 0) /
      keys.length;
    expect(Math.abs(mean(4) - 5)).toBeLessThanOrEqual(0.3);
    expect(Math.abs(mean(5) - mean(4) - 1.25)).toBeLessThanOrEqual(0.1);
    expect(mean(8)).toBeGreaterThanOrEqual(9.9);
  });

  it('scores a declared 4-character suffix about 5 and each further character about 1.25 more', () => {
    const scores = [4, 5, 6, 7, 8].map((n) => {
      const suffix = 'zXr9Wq2E'.slice(0, n);
      return analyzeAddress(craftSolana('', suffix), { pattern: suffix }).rarityScore;
    });
    expect(Math.abs((scores[0] as number) - 5)).toBeLessThanOrEqual(0.3);
    for (let i = 1; i < scores.length - 1; i++) {
      expect(Math.abs((scores[i] as number) - (scores[i - 1] as number) - 1.25)).toBeLessThanOrEqual(0.11);
    }
    expect(scores.at(-1)).toBe(10);
  });

  it("ranks prefixes by their true first character: 'K'…'z' is ~17x harder than 58^-1, '2'…'H' ~3.4x easier", () => {
    const common = analyzeAddress(craftSolana('Bx9q'), { pattern: 'Bx9q' }).rarityScore;
    const rare = analyzeAddress(craftSolana('kx9q'), { pattern: 'kx9q' }).rarityScore;
    expect(common).toBeGreaterThanOrEqual(4.7);
    expect(common).toBeLessThanOrEqual(5);
    expect(rare - common).toBeCloseTo((1.25 * Math.log(firstCharProbabilityRatio())) / Math.log(58), 0);
    expect(analyzeAddress(craftSolana('kx9qW2rT'), { pattern: 'kx9qW2rT' }).rarityScore).toBe(10);
    expect(analyzeAddress(craftSolana('Bx9qW2rT'), { pattern: 'Bx9qW2rT' }).rarityScore).toBeGreaterThanOrEqual(9.9);
  });
});

function firstCharProbabilityRatio(): number {
  return firstCharProbability('B') / firstCharProbability('k');
}
