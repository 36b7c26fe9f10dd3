import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BASE58_ALPHABET, base58CaseVariants } from '@shared/rarity/alphabet';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';
import { orderProbability } from '@shared/orders/quote';
import { keyMatcherOf, uniformKeyProbability } from './grind-key-match';
import { matcherOf, type GrindPattern } from './grind-match';

/**
 * The byte matcher must answer exactly what the string matcher answers on the encoded address. Random keys
 * rarely land near an interval's edge, so most keys here are crafted: the smallest and largest key whose
 * address starts (or ends) with each spelling of the pattern, at every encoded length, and their neighbours
 * ±1, plus every power of 256 ±1 (where the number of leading zero bytes, so of leading '1's, changes).
 */
const MAX = (1n << 256n) - 1n;

const toBig = (bytes: Uint8Array) => bytes.reduce((v, b) => (v << 8n) | BigInt(b), 0n);
function toKey(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, value >>= 8n) bytes[i] = Number(value & 0xffn);
  return bytes;
}
const around = (value: bigint) =>
  [value - 2n, value - 1n, value, value + 1n, value + 2n].filter((v) => v >= 0n && v <= MAX);

function spellings(target: GrindPattern): string[] {
  const options = [...target.pattern].map((c) => (target.caseSensitive ? [c] : base58CaseVariants(c)));
  return options.reduce<string[]>((heads, o) => heads.flatMap((h) => o.map((c) => h + c)), ['']);
}

/** Keys at and next to the edges of the set matching `target`. */
function edgeKeys(target: GrindPattern): bigint[] {
  const values: bigint[] = [];
  for (let j = 0; j <= 32; j++) values.push(...around(1n << BigInt(8 * j)));
  values.push(...around(0n), ...around(MAX));
  const all = spellings(target);
  for (const spelling of all) values.push(...padded(spelling, target.position).flatMap(around));
  // Near misses: one character of the pattern one digit off, so a matcher that skips a position fails.
  const first = all[0]!;
  for (let i = 0; i < first.length; i++) {
    const digit = BASE58_ALPHABET.indexOf(first[i]!);
    for (const other of [digit - 1, digit + 1].filter((d) => d >= 0 && d < 58)) {
      values.push(...padded(first.slice(0, i) + BASE58_ALPHABET[other] + first.slice(i + 1), target.position));
    }
  }
  return values;
}

/** The smallest and largest keys whose address starts (ends) with `spelling`, at every encoded length. */
function padded(spelling: string, position: GrindPattern['position']): bigint[] {
  const values: bigint[] = [];
  for (let length = spelling.length; length <= 45; length++) {
    const pad = length - spelling.length;
    const texts =
      position === 'prefix'
        ? [spelling + '1'.repeat(pad), spelling + 'z'.repeat(pad)]
        : ['1'.repeat(pad) + spelling, 'z'.repeat(pad) + spelling, '2' + '1'.repeat(pad) + spelling];
    for (const text of texts) {
      const bytes = decodeBase58(text);
      if (bytes && bytes.length <= 32) values.push(toBig(bytes));
    }
  }
  return values;
}

/** Where the byte matcher and the address matcher disagree on `keys`, or that no key matched when one must. */
function mismatches(target: GrindPattern, keys: Iterable<bigint | Uint8Array>, mustMatch = true): string[] {
  const onBytes = keyMatcherOf(target);
  const onAddress = matcherOf(target);
  const out: string[] = [];
  let matched = 0;
  for (const k of keys) {
    const key = typeof k === 'bigint' ? toKey(k) : k;
    const address = encoded.get(key) ?? encodeBase58(key);
    const want = onAddress(address);
    if (want) matched++;
    if (onBytes(key) !== want) out.push(`${address}: want ${want}`);
  }
  // Crafted keys always include matches, so a matcher that never matches cannot pass.
  if (mustMatch && matched === 0) out.push(`no key matched ${JSON.stringify(target)}`);
  return out;
}
/** Addresses of the random keys, encoded once for all their patterns. */
const encoded = new WeakMap<Uint8Array, string>();

const PATTERNS = [
  '1',
  '11',
  '111',
  '11111111',
  '1A',
  '12',
  '11z',
  '2',
  'A',
  'H',
  'J',
  'j',
  'z',
  'zz',
  'zzz',
  'zzzzzzzz',
  'Abc',
  'abc',
  'SoL',
  'sol', // 'l' is not base58: only case-insensitively, as 'L'
  'pump',
  'L',
  'o',
  'i',
  'Ab1',
  'x1x1',
  'JEKNVnkb', // the encoding of 2^256 − 1 begins 'JEKNVnkbo3…'
  '5HueCGU8',
];

const TARGETS: GrindPattern[] = PATTERNS.flatMap((pattern) =>
  (['prefix', 'suffix'] as const).flatMap((position) =>
    [true, false]
      .filter((caseSensitive) => !caseSensitive || [...pattern].every((c) => BASE58_ALPHABET.includes(c)))
      .map((caseSensitive) => ({ pattern, position, caseSensitive })),
  ),
);

describe('matching an order on the raw public key', () => {
  it.each(TARGETS.map((t) => [`${t.position} ${t.pattern}${t.caseSensitive ? '' : ' (any case)'}`, t] as const))(
    'agrees with the encoded address at every edge: %s',
    (_, target) => {
      expect(mismatches(target, edgeKeys(target))).toEqual([]);
    },
  );

  it('agrees with the encoded address on random keys, with and without leading zero bytes', () => {
    const keys: Uint8Array[] = [];
    for (let i = 0; i < 20_000; i++) {
      const key = new Uint8Array(randomBytes(32));
      key.fill(0, 0, i % 5 === 0 ? i % 4 : 0); // some keys start with 1–3 zero bytes (one '1' each)
      encoded.set(key, encodeBase58(key));
      keys.push(key);
    }
    const short: GrindPattern[] = ['1', '2', 'A', 'z', 'a', 'k', '11', '2J', 'q'].flatMap((pattern) =>
      (['prefix', 'suffix'] as const).flatMap((position) =>
        [true, false].map((caseSensitive) => ({ pattern, position, caseSensitive })),
      ),
    );
    // Short patterns, so many random keys match; the edge tests above guarantee matches, so none is required here.
    for (const target of short) expect(mismatches(target, keys, false), JSON.stringify(target)).toEqual([]);
  });

  it('agrees on patterns that spell the keys where the count of leading zero bytes changes', () => {
    // 256^j − 1 has one more leading zero byte than 256^j: a pattern spelling one of them must not match the other.
    for (let j = 1; j <= 31; j++) {
      for (const value of [(1n << BigInt(8 * j)) - 1n, 1n << BigInt(8 * j)]) {
        const address = encodeBase58(toKey(value));
        const ones = address.length - address.replace(/^1+/, '').length;
        for (const [from, to] of [
          [0, ones + 1],
          [0, Math.min(8, ones + 3)],
          [ones, ones + 3],
        ] as const) {
          for (const caseSensitive of [true, false]) {
            const target: GrindPattern = { pattern: address.slice(from, to), position: 'prefix', caseSensitive };
            if (target.pattern.length > 8) continue;
            expect(mismatches(target, edgeKeys(target)), JSON.stringify(target)).toEqual([]);
          }
        }
      }
    }
  });

  it('agrees on random patterns of every length, with crafted and random keys', () => {
    const pick = () => BASE58_ALPHABET[randomBytes(1)[0]! % 58]!;
    for (let i = 0; i < 60; i++) {
      const pattern = Array.from({ length: 1 + (i % 8) }, pick).join('');
      const target: GrindPattern = { pattern, position: i % 2 ? 'prefix' : 'suffix', caseSensitive: i % 3 === 0 };
      const random = Array.from({ length: 200 }, () => new Uint8Array(randomBytes(32)));
      expect(mismatches(target, [...edgeKeys(target), ...random]), JSON.stringify(target)).toEqual([]);
    }
  });

  it('never matches a character base58 does not have', () => {
    const key = toKey(123n);
    for (const position of ['prefix', 'suffix'] as const) {
      expect(keyMatcherOf({ pattern: '0', position, caseSensitive: true })(key)).toBe(false);
      expect(keyMatcherOf({ pattern: 'l', position, caseSensitive: true })(key)).toBe(false);
    }
  });

  it('gives the exact chance that a random key matches', () => {
    // 'a': 43-character addresses only, digit 33 of 58 leading: 58^42 / 2^256 of the keys.
    expect(uniformKeyProbability({ pattern: 'a', position: 'prefix', caseSensitive: true })).toBeCloseTo(
      Number((58n ** 42n * 10n ** 18n) >> 256n) / 1e18,
      15,
    );
    // '1': a leading zero byte.
    expect(uniformKeyProbability({ pattern: '1', position: 'prefix', caseSensitive: true })).toBeCloseTo(1 / 256, 15);
    // 'JJ' needs a 43-character address (2^256 − 1 is 'JEKNV…'), 'J2' is either length.
    const jj = uniformKeyProbability({ pattern: 'JJ', position: 'prefix', caseSensitive: true });
    expect(jj / (58 ** 41 / 2 ** 256)).toBeCloseTo(1, 9);
    expect(uniformKeyProbability({ pattern: 'J2', position: 'prefix', caseSensitive: true })).toBeGreaterThan(jj * 50);
    expect(uniformKeyProbability({ pattern: 'ab', position: 'suffix', caseSensitive: false })).toBe(4 / 58 ** 2);
  });

  it("agrees with the quote's odds (counted another way, per position) for random prefixes", () => {
    const pick = () => BASE58_ALPHABET[randomBytes(1)[0]! % 58]!;
    for (let i = 0; i < 400; i++) {
      const length = 1 + (i % 4);
      // A quarter start with 'J' (the uneven band) and some with '1's (zero bytes).
      const head = i % 4 === 0 ? 'J' : i % 7 === 0 ? '1' : '';
      const pattern = (head + Array.from({ length }, pick).join('')).slice(0, Math.max(length, head.length));
      const order: GrindPattern = { pattern, position: 'prefix', caseSensitive: i % 3 === 0 };
      const exact = uniformKeyProbability(order);
      expect(Math.abs(orderProbability(order) - exact), pattern).toBeLessThanOrEqual(exact * 1e-9);
    }
    // Several zero bytes make the odds tiny: both ways must keep their relative precision there (a fixed 1e-18 step
    // once lost it, seen when the draw above made '111k').
    for (const pattern of ['111k', '1111k', '111J', '1111111zz']) {
      for (const caseSensitive of [true, false]) {
        const order: GrindPattern = { pattern, position: 'prefix', caseSensitive };
        const exact = uniformKeyProbability(order);
        expect(Math.abs(orderProbability(order) - exact), pattern).toBeLessThanOrEqual(exact * 1e-9);
      }
    }
  });
});
