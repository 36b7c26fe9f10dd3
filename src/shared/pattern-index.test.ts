import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './keys/base58';
import { PATTERN_POSITIONS } from './domain-values';
import { indexOf } from './pattern-index';
import { matchesPattern, patternKeyOf } from './pattern-keys';

const randomAddress = () => encodeBase58(crypto.getRandomValues(new Uint8Array(32)));
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const randomPattern = (length: number) =>
  Array.from({ length }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');

describe('PatternIndex', () => {
  it('finds exactly the patterns matchesPattern finds, for thousands of patterns and addresses', () => {
    const patterns = Array.from({ length: 3_000 }, (_, i) => ({
      pattern: randomPattern(1 + (i % 3)),
      position: PATTERN_POSITIONS[i % 3]!,
      caseSensitive: i % 2 === 0,
    }));
    // Half sealed (Aho–Corasick), half added after the seal (walked naively), as the server's index is topped up.
    const index = indexOf(patterns.slice(0, 1_500));
    for (const p of patterns.slice(1_500)) index.add({ ...p, key: patternKeyOf(p.pattern, p.caseSensitive) });
    for (let n = 0; n < 300; n += 1) {
      const address = randomAddress();
      const expected = new Set(
        patterns
          .filter((p) => matchesPattern(address, p))
          .map((p) => `${p.position}|${p.caseSensitive}|${patternKeyOf(p.pattern, p.caseSensitive)}`),
      );
      const found = new Set(index.matches(address).map((m) => `${m.position}|${m.caseSensitive}|${m.key}`));
      expect(found).toEqual(expected);
    }
  });

  it('reports a match once with its class and length', () => {
    const index = indexOf([
      { pattern: 'AbC', position: 'prefix', caseSensitive: false },
      { pattern: 'xyz', position: 'suffix', caseSensitive: true },
      { pattern: 'Q', position: 'anywhere', caseSensitive: true },
    ]);
    const matches = index.matches('abcQQQxyz');
    expect(matches).toContainEqual({ position: 'prefix', caseSensitive: false, length: 3, key: 'abc' });
    expect(matches).toContainEqual({ position: 'suffix', caseSensitive: true, length: 3, key: 'xyz' });
    expect(matches.filter((m) => m.key === 'Q')).toHaveLength(1);
    expect(index.matches('ABDQ')).toEqual([{ position: 'anywhere', caseSensitive: true, length: 1, key: 'Q' }]);
  });
});
