/**
 * How likely a random keypair is to produce a given match: the "difficulty" p of docs/domain.md#difficulty.
 *
 * Solana (base58, 58 symbols):
 *   - suffix of n characters: the last base58 digit of a uniform 256-bit number is uniform to within 2^-250,
 *     so p = 58^-n case-sensitively.
 *   - prefix: leading '1's are zero bytes (each exactly 1/256); the characters after them are counted exactly
 *     over the numbers the remaining bytes can hold (prefix-distribution.ts). The first character alone is far
 *     from 1/58 ('2'…'H' ≈ 1/17, 'K'…'z' ≈ 1/1,000), and so is the second after a 'J', whose 44-character keys
 *     fill only the last 0.27 of a band.
 *   - case-insensitive: a character matches every base58 character equal to it ignoring case, so it costs
 *     variants/58 (2/58 for most letters, 1/58 for digits and for 'i', 'o', 'L', whose other case is excluded).
 * Ethereum (hex, 16 symbols, case carries no entropy – EIP-55 case is derived from the address): p = 16^-n.
 * Anywhere ("middle"): a pattern with per-position probability q that may sit at m positions occurs with
 *   p = 1 − (1 − q)^m ≈ m·q, evaluated stably with log1p/expm1.
 */
import { base58CaseVariants, BASE58_ALPHABET } from './alphabet';
import { prefixChance } from './prefix-distribution';
import type { Network } from './types';

const SOLANA_KEY_BYTES = 32;
export const LOG_58 = Math.log(58);

/**
 * Detected features easier than this many base58 characters' worth (log58(1/p) < 3, i.e. more common than
 * 1 in 195,112; score below 4.1) are not notable: a stray 4-letter word or a '11' somewhere is not what anyone
 * pays for. Declared patterns are always valued.
 */
export const NOTABLE_MIN_LOG58 = 3;

export function isNotable(probability: number): boolean {
  return log58Difficulty(probability) >= NOTABLE_MIN_LOG58;
}

/** log58(1/p): "how many uniformly random base58 characters this match is worth". */
export function log58Difficulty(probability: number): number {
  if (!(probability > 0)) return Infinity;
  return -Math.log(probability) / LOG_58;
}

/** Per-position probability of `pattern` at a fixed place that is not the very start of the address. */
export function positionProbability(pattern: string, network: Network, caseSensitive: boolean): number {
  if (network === 'ethereum') return 16 ** -pattern.length;
  let p = 1;
  for (const char of pattern) p *= charCount(char, caseSensitive) / 58;
  return p;
}

export function suffixProbability(pattern: string, network: Network, caseSensitive: boolean): number {
  return positionProbability(pattern, network, caseSensitive);
}

export function prefixProbability(pattern: string, network: Network, caseSensitive: boolean): number {
  if (network === 'ethereum' || pattern.length === 0) return positionProbability(pattern, network, caseSensitive);
  let zeros = 0;
  while (zeros < pattern.length && pattern[zeros] === '1') zeros++;
  // Each leading '1' is a zero byte; what follows is the encoding of the remaining (32 − zeros)-byte number.
  const zeroBytes = 256 ** -zeros;
  if (zeros === pattern.length || zeros >= SOLANA_KEY_BYTES) return zeroBytes;
  // Digit values each character may be; a '1' cannot follow the zero bytes (it would be another zero byte).
  const sets = [...pattern.slice(zeros)].map((char, i) =>
    (caseSensitive ? [char] : base58CaseVariants(char))
      .map((v) => BASE58_ALPHABET.indexOf(v))
      .filter((d) => d > 0 || (d === 0 && i > 0)),
  );
  return zeroBytes * prefixChance(sets, SOLANA_KEY_BYTES - zeros);
}

/** P(a pattern with per-position probability q appears at least once among `positions` places). */
export function anywhereProbability(q: number, positions: number): number {
  if (positions <= 0 || q <= 0) return 0;
  if (q >= 1) return 1;
  return -Math.expm1(positions * Math.log1p(-q));
}

function charCount(char: string, caseSensitive: boolean): number {
  if (caseSensitive) return BASE58_ALPHABET.includes(char) ? 1 : 0;
  return base58CaseVariants(char).length;
}
