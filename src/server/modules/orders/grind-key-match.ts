import { BASE58_ALPHABET, base58CaseVariants } from '@shared/rarity/alphabet';
import { encodeBase58 } from '@shared/keys/base58';
import { matcherOf, type GrindPattern } from './grind-match';

/**
 * The order's pattern tested on a candidate's raw 32-byte public key, without base58-encoding it: encoding
 * every candidate cost two thirds of the grinder's time (≈10,000 keys/s against ≈29,000 for keygen alone).
 * It answers exactly what `matcherOf` answers on the encoded address (grind-key-match.test.ts pins that).
 *
 * Prefix: the address is one '1' per leading zero byte, then the base58 digits of the key's value V. So the
 * keys whose address starts with a spelling of the pattern form a few intervals of V (one per possible encoded
 * length), computed once per order; a candidate is then a binary search of byte comparisons.
 * Suffix: the last n characters are the n lowest base58 digits of V, zero-padded with '1' (a 32-byte key's
 * address has at least 32 characters), i.e. V mod 58^n, found by small-number long division.
 */
export type KeyMatcher = (publicKey: Uint8Array) => boolean;

const KEY_BYTES = 32;
/**
 * Case spellings a prefix's intervals are built for. Patterns are at most 8 characters (≤ 256 spellings), so
 * this only guards a future longer limit: beyond it the intervals cover the pattern's first characters and the
 * rare candidate that passes them is encoded and checked whole.
 */
const MAX_SPELLINGS = 1024;
/** Suffix digits are found four at a time (58^4 ≈ 1.1 · 10^7). */
const GROUP_DIGITS = 4;
const GROUP = 58 ** GROUP_DIGITS;

export function keyMatcherOf(target: GrindPattern): KeyMatcher {
  const chars = [...target.pattern].map((c) =>
    target.caseSensitive ? (BASE58_ALPHABET.includes(c) ? [c] : []) : base58CaseVariants(c),
  );
  if (chars.some((spellings) => spellings.length === 0)) return () => false;
  if (target.position === 'suffix') {
    // Every 32-byte key's address is at least 32 characters long: longer suffixes go the slow way.
    return chars.length <= KEY_BYTES ? suffixMatcher(chars) : confirmed(() => true, target);
  }
  let covered = 0;
  let spellings = 1;
  while (covered < chars.length && spellings * chars[covered]!.length <= MAX_SPELLINGS) {
    spellings *= chars[covered++]!.length;
  }
  const inIntervals = prefixMatcher(chars.slice(0, covered));
  return covered === chars.length ? inIntervals : confirmed(inIntervals, target);
}

/** `filter`, then the plain string match on the encoded address for the few candidates that pass it. */
function confirmed(filter: KeyMatcher, target: GrindPattern): KeyMatcher {
  const onAddress = matcherOf(target);
  return (key) => filter(key) && onAddress(encodeBase58(key));
}

function prefixMatcher(chars: readonly (readonly string[])[]): KeyMatcher {
  const intervals = spellingsOf(chars)
    .flatMap(prefixIntervals)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const lows = intervals.map(([lo]) => toBytes(lo));
  const highs = intervals.map(([, hi]) => toBytes(hi));
  return (key) => {
    // The last interval starting at or below the key; the intervals are disjoint.
    let from = 0;
    let to = lows.length - 1;
    let at = -1;
    while (from <= to) {
      const mid = (from + to) >> 1;
      if (compareBytes(lows[mid]!, key) <= 0) {
        at = mid;
        from = mid + 1;
      } else to = mid - 1;
    }
    return at >= 0 && compareBytes(key, highs[at]!) <= 0;
  };
}

/**
 * P(a uniformly random 32-byte key matches), exactly for a prefix (the intervals' total width / 2^256) and to
 * within 58^n / 2^256 for a suffix. The bench compares found times with it; ed25519 public keys are uniform
 * enough here (their first bytes are y's low bytes, the top bit of the last is x's sign).
 */
export function uniformKeyProbability(target: GrindPattern): number {
  const chars = [...target.pattern].map((c) =>
    target.caseSensitive ? (BASE58_ALPHABET.includes(c) ? [c] : []) : base58CaseVariants(c),
  );
  if (target.position === 'suffix') return chars.reduce((p, spellings) => (p * spellings.length) / 58, 1);
  const width = spellingsOf(chars)
    .flatMap(prefixIntervals)
    .reduce((sum, [lo, hi]) => sum + hi - lo + 1n, 0n);
  // Number() rounds the width to a double's 53 bits and 2^256 is exact: full relative precision however small.
  return Number(width) / 2 ** 256;
}

function spellingsOf(chars: readonly (readonly string[])[]): string[] {
  return chars.reduce<string[]>((heads, options) => heads.flatMap((h) => options.map((c) => h + c)), ['']);
}

/**
 * The values V (inclusive bounds) of the 32-byte keys whose address starts with `spelling`. With k leading
 * '1's, the key has exactly k leading zero bytes (more would put a '1' where the pattern has a digit, fewer a
 * digit where it has a '1'), and the rest R of the pattern leads V's base58 digits: for an encoded length L,
 * V ∈ [R·58^(L−r), (R+1)·58^(L−r)).
 */
function prefixIntervals(spelling: string): [bigint, bigint][] {
  let k = 0;
  while (k < spelling.length && spelling[k] === '1') k++;
  if (k > KEY_BYTES) return [];
  const top = 1n << BigInt(8 * (KEY_BYTES - k)); // the first k bytes are zero: V < top
  if (k === spelling.length) return [[0n, top - 1n]]; // only '1's: at least k zero bytes
  if (k === KEY_BYTES) return []; // the all-zero key's address is 32 '1's and nothing after
  const bottom = 1n << BigInt(8 * (KEY_BYTES - 1 - k)); // byte k is not zero
  const rest = spelling.slice(k);
  let r = 0n;
  for (const c of rest) r = r * 58n + BigInt(BASE58_ALPHABET.indexOf(c));
  const out: [bigint, bigint][] = [];
  for (let scale = 1n; r * scale < top; scale *= 58n) {
    const lo = r * scale > bottom ? r * scale : bottom;
    const hi = (r + 1n) * scale - 1n < top - 1n ? (r + 1n) * scale - 1n : top - 1n;
    if (lo <= hi) out.push([lo, hi]);
  }
  return out;
}

function toBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(KEY_BYTES);
  for (let i = KEY_BYTES - 1; i >= 0; i--, value >>= 8n) bytes[i] = Number(value & 0xffn);
  return bytes;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < KEY_BYTES; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

function suffixMatcher(chars: readonly (readonly string[])[]): KeyMatcher {
  const n = chars.length;
  // allowed[j][d]: may the j-th digit from the end be d?
  const allowed = chars.map(() => new Uint8Array(58));
  chars.forEach((spellings, i) => spellings.forEach((c) => (allowed[n - 1 - i]![BASE58_ALPHABET.indexOf(c)] = 1)));
  // V as 16 big-endian 16-bit limbs: 58^4 · 2^16 < 2^40, so each step of the division is exact in a double.
  const quotient = new Float64Array(KEY_BYTES / 2); // public bytes only: nothing secret to wipe
  return (key) => {
    for (let i = 0; i < quotient.length; i++) quotient[i] = key[2 * i]! * 256 + key[2 * i + 1]!;
    for (let j = 0; j < n; j += GROUP_DIGITS) {
      // V mod 58^4 by long division, leaving V div 58^4 for the next group of digits.
      let rem = 0;
      for (let i = 0; i < quotient.length; i++) {
        const cur = rem * 65536 + quotient[i]!;
        const q = Math.floor(cur / GROUP);
        quotient[i] = q;
        rem = cur - q * GROUP;
      }
      for (let d = j; d < Math.min(n, j + GROUP_DIGITS); d++, rem = Math.floor(rem / 58)) {
        if (allowed[d]![rem % 58] !== 1) return false;
      }
    }
    return true;
  };
}
