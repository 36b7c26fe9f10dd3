import { describe, expect, it } from 'vitest';
import { matcherOf } from './grind-match';

describe('order pattern matching', () => {
  it('matches a prefix or a suffix, with case or without', () => {
    const addr = 'AbcDEFghjk1111111111111111111111111111Lzq';
    expect(matcherOf({ pattern: 'Abc', position: 'prefix', caseSensitive: true })(addr)).toBe(true);
    expect(matcherOf({ pattern: 'abc', position: 'prefix', caseSensitive: true })(addr)).toBe(false);
    expect(matcherOf({ pattern: 'abc', position: 'prefix', caseSensitive: false })(addr)).toBe(true);
    expect(matcherOf({ pattern: 'Lzq', position: 'suffix', caseSensitive: true })(addr)).toBe(true);
    expect(matcherOf({ pattern: 'LZQ', position: 'suffix', caseSensitive: true })(addr)).toBe(false);
    // 'l' is not base58: a case-insensitive 'l' is the quote's 'L', and matches it.
    expect(matcherOf({ pattern: 'lzQ', position: 'suffix', caseSensitive: false })(addr)).toBe(true);
    expect(matcherOf({ pattern: 'zq', position: 'prefix', caseSensitive: false })(addr)).toBe(false);
  });
});
