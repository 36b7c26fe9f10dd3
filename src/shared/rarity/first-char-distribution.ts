/**
 * The true distribution of the first character of a base58-encoded key, derived exactly with BigInt.
 *
 * A Solana address is the base58 encoding of a 32-byte public key, read as a big-endian integer N that is
 * uniform on [0, 256^32) (ed25519 public keys are, for this purpose, uniform). Base58 writes each leading zero
 * byte as '1' and then N's base-58 digits without leading zeros. So:
 *
 *   - P(first char = '1') = P(top byte = 0) = 1/256 exactly.
 *   - Otherwise N ∈ [256^31, 256^32) and the first character is N's leading base-58 digit d. A k-digit number
 *     leads with d iff N ∈ [d·58^(k-1), (d+1)·58^(k-1)). Summing the overlap of those intervals with
 *     [256^31, 256^32) over every k and dividing by 256^32 gives P(first char = alphabet[d]).
 *
 * Since 256^32 / 58^43 ≈ 17.27, about 94% of keys have 44 characters and lead with digits 1..17 ('2'…'J',
 * each of '2'…'H' about 1 in 17.27, 'J' only the 0.27 remainder), while 43-character keys spread over all 57
 * non-zero digits at 1 in 17.27·58 ≈ 1,002 each. That is why a 'K'…'z' prefix is ~17× harder than 58^-1 and a
 * '2'…'H' prefix ~3.4× easier. The same derivation for fewer bytes covers what follows z leading '1's (z zero
 * bytes leave a (32 − z)-byte number), so tables are built per byte length and cached.
 */
import { BASE58_ALPHABET } from './alphabet';

const BASE = 58n;

/** Exact counts, out of 256^byteLength, of byte strings whose encoding starts with each base58 digit. */
export function firstCharCounts(byteLength: number): bigint[] {
  if (!Number.isInteger(byteLength) || byteLength < 1) throw new RangeError('byteLength must be a positive integer');
  const total = 256n ** BigInt(byteLength);
  const low = total / 256n; // smallest number whose top byte is non-zero
  const counts = new Array<bigint>(58).fill(0n);
  counts[0] = low; // top byte zero ⇒ the encoding starts with '1'
  for (let d = 1n; d < BASE; d++) {
    let count = 0n;
    for (let unit = 1n; unit < total; unit *= BASE) {
      const from = maxBig(d * unit, low);
      const to = minBig((d + 1n) * unit, total);
      if (to > from) count += to - from;
    }
    counts[Number(d)] = count;
  }
  return counts;
}

const tableCache = new Map<number, Float64Array>();

/** P(first character = BASE58_ALPHABET[d]) for a uniform byte string of the given length, indexed by d. */
export function firstCharProbabilities(byteLength: number): Float64Array {
  let table = tableCache.get(byteLength);
  if (!table) {
    const total = Number(256n ** BigInt(byteLength));
    table = Float64Array.from(firstCharCounts(byteLength), (count) => Number(count) / total);
    tableCache.set(byteLength, table);
  }
  return table;
}

/** P(a uniform key of `byteLength` bytes encodes to a string starting with `char`); 0 for non-base58. */
export function firstCharProbability(char: string, byteLength = 32): number {
  const d = BASE58_ALPHABET.indexOf(char);
  return d < 0 ? 0 : (firstCharProbabilities(byteLength)[d] ?? 0);
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
