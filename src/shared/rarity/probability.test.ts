import { describe, expect, it } from 'vitest';
import { firstCharProbability } from './first-char-distribution';
import {
  anywhereProbability,
  log58Difficulty,
  positionProbability,
  prefixProbability,
  suffixProbability,
} from './probability';

/** Floating-point results are compared relative to their size: they span 1e-80 … 1. */
function expectClose(actual: number, expected: number, relative = 1e-12): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative);
}

describe('match probability', () => {
  it('prices a base58 suffix of n characters at 58^-n', () => {
    for (const suffix of ['z', 'pump', 'Vau1t9', 'abcdefghijk']) {
      expectClose(suffixProbability(suffix, 'solana', true), 58 ** -suffix.length);
      expect(log58Difficulty(suffixProbability(suffix, 'solana', true))).toBeCloseTo(suffix.length, 9);
    }
  });

  it('counts every base58 character equal ignoring case, and only those', () => {
    expect(positionProbability('a', 'solana', false)).toBe(2 / 58); // 'a' and 'A'
    expect(positionProbability('A', 'solana', false)).toBe(2 / 58);
    expect(positionProbability('o', 'solana', false)).toBe(1 / 58); // 'O' is not base58
    expect(positionProbability('i', 'solana', false)).toBe(1 / 58); // 'I' is not base58
    expect(positionProbability('l', 'solana', false)).toBe(1 / 58); // only 'L' is base58
    expect(positionProbability('7', 'solana', false)).toBe(1 / 58);
    expect(positionProbability('a', 'solana', true)).toBe(1 / 58);
    expect(positionProbability('0', 'solana', true)).toBe(0);
    expectClose(positionProbability('cool', 'solana', false), (2 * 1 * 1 * 1) / 58 ** 4);
    expect(positionProbability('Vault', 'solana', true)).toBe(0); // 'l' is not base58
  });

  it('uses the true first-character distribution for a prefix, and 1/58 per later character away from the top band', () => {
    expect(prefixProbability('A', 'solana', true)).toBe(firstCharProbability('A'));
    expectClose(prefixProbability('Kab', 'solana', true), firstCharProbability('K') / 58 ** 2);
    const insensitive = prefixProbability('kab', 'solana', false);
    const expected = ((firstCharProbability('k') + firstCharProbability('K')) * 4) / 58 ** 2;
    expectClose(insensitive, expected);
  });

  it("counts a 'J' prefix's second character exactly: 44-character keys that start with 'J' reach only 'G'", () => {
    const keys = 2 ** 256;
    // 'Jz' only in 43-character keys: the 58^41 numbers from 17·58^42 + 57·58^41.
    expectClose(prefixProbability('Jz', 'solana', true), 58 ** 41 / keys, 1e-9);
    // 'J2': every 44-character key from 17·58^43 + 58^42 (58^42 of them), plus the 43-character ones.
    expectClose(prefixProbability('J2', 'solana', true), (58 ** 42 + 58 ** 41) / keys, 1e-9);
    // The 1/58 estimate priced 'Jz' about 14 times too cheaply.
    expect(prefixProbability('J', 'solana', true) / 58 / prefixProbability('Jz', 'solana', true)).toBeGreaterThan(14);
    // Case-insensitive 'jz' is Jz, JZ, jz and jZ: 'Z' (digit 32) and 'j' (digit 42) also need 43-character keys.
    expectClose(prefixProbability('jz', 'solana', false), (4 * 58 ** 41) / keys, 1e-9);
  });

  it('prices leading 1s as zero bytes, 1/256 each', () => {
    expect(prefixProbability('1', 'solana', true)).toBe(1 / 256);
    expect(prefixProbability('1111', 'solana', true)).toBe(256 ** -4);
    // after one zero byte the rest is a 31-byte key, so the next character has its own distribution
    const p = prefixProbability('1z', 'solana', true);
    expectClose(p, (1 / 256) * firstCharProbability('z', 31));
  });

  it('prices hex patterns at 16^-n wherever they sit at a fixed place', () => {
    expect(prefixProbability('dead', 'ethereum', false)).toBe(16 ** -4);
    expect(suffixProbability('00000000', 'ethereum', false)).toBe(16 ** -8);
  });

  it('adds up the places a middle pattern could sit', () => {
    const q = 58 ** -5;
    expectClose(anywhereProbability(q, 40), 1 - (1 - q) ** 40, 1e-6);
    expectClose(anywhereProbability(q, 40), 40 * q, 1e-6);
    expect(anywhereProbability(0.5, 2)).toBeCloseTo(0.75, 12);
    expect(anywhereProbability(1, 3)).toBe(1);
    expect(anywhereProbability(q, 0)).toBe(0);
  });
});
