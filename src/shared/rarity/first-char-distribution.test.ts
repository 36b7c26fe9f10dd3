import { describe, expect, it } from 'vitest';
import { BASE58_ALPHABET } from './alphabet';
import { firstCharCounts, firstCharProbabilities, firstCharProbability } from './first-char-distribution';
import { randomSolanaAddresses } from '@tests/helpers/rarity-fixtures';

const band = (from: string, to: string) => [
  ...BASE58_ALPHABET.slice(BASE58_ALPHABET.indexOf(from), BASE58_ALPHABET.indexOf(to) + 1),
];

describe('first-character distribution of a 32-byte key', () => {
  it('counts every one of the 256^32 keys exactly once, for every byte length', () => {
    for (const bytes of [1, 2, 7, 31, 32]) {
      const total = firstCharCounts(bytes).reduce((a, b) => a + b, 0n);
      expect(total).toBe(256n ** BigInt(bytes));
    }
    const sum = firstCharProbabilities(32).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 12);
  });

  it("gives '1' exactly 1 in 256 (a zero first byte)", () => {
    expect(firstCharProbability('1')).toBe(1 / 256);
  });

  it("makes each of '2'…'H' about 1 key in 17", () => {
    for (const c of band('2', 'H')) {
      expect(1 / firstCharProbability(c)).toBeGreaterThan(16.5);
      expect(1 / firstCharProbability(c)).toBeLessThan(17.5);
    }
  });

  it("makes each of 'K'…'z' about 1 key in 1,000 (only 43-character keys)", () => {
    for (const c of band('K', 'z')) {
      expect(1 / firstCharProbability(c)).toBeGreaterThan(990);
      expect(1 / firstCharProbability(c)).toBeLessThan(1010);
    }
  });

  it("puts 'J' between the bands (only the 0.27 remainder of 256^32 / 58^43)", () => {
    const j = firstCharProbability('J');
    expect(j).toBeLessThan(firstCharProbability('H') / 3);
    expect(j).toBeGreaterThan(firstCharProbability('K') * 3);
  });

  it('gives 0 to characters that are not base58', () => {
    for (const c of ['0', 'O', 'I', 'l', '_']) expect(firstCharProbability(c)).toBe(0);
  });

  it('matches the first characters of real random keys', () => {
    const keys = randomSolanaAddresses(20_000);
    const share = (chars: string[]) => keys.filter((k) => chars.includes(k[0] as string)).length / keys.length;
    const expected = (chars: string[]) => chars.reduce((sum, c) => sum + firstCharProbability(c), 0);
    for (const chars of [band('2', 'H'), band('K', 'z'), ['J'], ['1']]) {
      // 5 standard deviations of a binomial share: fails on a wrong model, not on bad luck.
      const p = expected(chars);
      const tolerance = 5 * Math.sqrt((p * (1 - p)) / keys.length);
      expect(Math.abs(share(chars) - p)).toBeLessThan(tolerance);
    }
    const long = keys.filter((k) => k.length === 44).length / keys.length;
    expect(long).toBeGreaterThan(0.93);
    expect(long).toBeLessThan(0.95);
  });
});
