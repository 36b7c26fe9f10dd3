/**
 * The exact chance that a uniform key's base58 encoding starts with a given run of characters: the whole-prefix
 * version of first-char-distribution.ts.
 *
 * After any leading '1's (zero bytes), a key is a number N uniform on [256^(b−1), 256^b) for b remaining bytes, and
 * its encoding is N's base-58 digits. N has L digits and starts with the k digits of a prefix value P iff
 * N ∈ [P·58^(L−k), (P+1)·58^(L−k)). For each possible length L (for 32 bytes only 43 and 44 occur) we count the
 * numbers of [max(256^(b−1), 58^(L−1)), min(256^b, 58^L)) that start with an allowed prefix. Every allowed prefix
 * strictly between the two ends covers its whole interval, so those are counted with a digit count rather than one
 * by one; the prefixes holding the two ends are partial and counted exactly.
 *
 * "Allowed" is a set of digits per position, which is how a case-insensitive pattern is counted without listing
 * its 2^k spellings. Treating every character after the first as 1/58 (what the estimate did before) is wrong
 * near the top of the range: 256^32 / 58^43 ≈ 17.27, so a 44-character key that starts with 'J' (digit 17) lies in
 * the last 0.27 of a band and its second digit is at most 'F'; "Jz…" comes only from 43-character keys.
 */

const BASE = 58n;
const POWERS: bigint[] = [1n];
const pow58 = (n: number): bigint => {
  while (POWERS.length <= n) POWERS.push(POWERS[POWERS.length - 1]! * BASE);
  return POWERS[n]!;
};

/** The k base-58 digits of `value` (0 ≤ value < 58^k), most significant first. */
function digitsOf(value: bigint, k: number): number[] {
  const out = new Array<number>(k);
  for (let i = k - 1; i >= 0; i--) {
    out[i] = Number(value % BASE);
    value /= BASE;
  }
  return out;
}

/** Digit sequences s (s[i] ∈ sets[i]) whose value is below `bound`. */
function countBelow(sets: readonly (readonly number[])[], bound: bigint): bigint {
  const k = sets.length;
  const tails: bigint[] = new Array<bigint>(k + 1);
  tails[k] = 1n;
  for (let i = k - 1; i >= 0; i--) tails[i] = tails[i + 1]! * BigInt(sets[i]!.length);
  if (bound <= 0n) return 0n;
  if (bound >= pow58(k)) return tails[0]!;
  const bits = digitsOf(bound, k);
  let count = 0n;
  for (let i = 0; i < k; i++) {
    const digit = bits[i]!;
    for (const d of sets[i]!) if (d < digit) count += tails[i + 1]!;
    if (!sets[i]!.includes(digit)) return count;
  }
  return count; // the bound itself is not below the bound
}

const allows = (sets: readonly (readonly number[])[], value: bigint): boolean =>
  digitsOf(value, sets.length).every((d, i) => sets[i]!.includes(d));

/**
 * How many of the 256^byteLength byte strings encode to a string whose first characters (no leading '1') are
 * drawn from `sets`, one set of base-58 digit values per character. Digit 0 is never a first digit.
 */
export function prefixCount(sets: readonly (readonly number[])[], byteLength: number): bigint {
  const k = sets.length;
  if (k === 0 || sets.some((s) => s.length === 0)) return 0n;
  const total = 256n ** BigInt(byteLength);
  const low = total / 256n;
  let count = 0n;
  for (let length = k; pow58(length - 1) < total; length++) {
    const from = low > pow58(length - 1) ? low : pow58(length - 1);
    const to = total < pow58(length) ? total : pow58(length);
    if (to <= from) continue;
    const unit = pow58(length - k);
    const first = from / unit;
    const last = (to - 1n) / unit;
    if (first === last) {
      if (first > 0n && allows(sets, first)) count += to - from;
      continue;
    }
    if (first > 0n && allows(sets, first)) count += (first + 1n) * unit - from;
    count += (countBelow(sets, last) - countBelow(sets, first + 1n)) * unit;
    if (allows(sets, last)) count += to - last * unit;
  }
  return count;
}

/** P(a uniform `byteLength`-byte key's encoding starts with digits drawn from `sets`). */
export function prefixChance(sets: readonly (readonly number[])[], byteLength: number): number {
  return Number(prefixCount(sets, byteLength)) / Number(256n ** BigInt(byteLength));
}
