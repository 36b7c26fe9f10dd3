/**
 * The spec's automatic price for bulk rows without one (docs/product-spec.md#constants-and-limits): a base price by
 * pattern length times a pattern-type multiplier. Exact bigint lamports; multipliers are kept in tenths so 0.8 × 0.01
 * SOL is exact.
 */
import type { PatternType } from './types';

const LAMPORTS_BY_LENGTH: ReadonlyMap<number, bigint> = new Map([
  [3, 10_000_000n], // 0.01 SOL
  [4, 100_000_000n], // 0.1 SOL
  [5, 500_000_000n], // 0.5 SOL
  [6, 2_000_000_000n], // 2 SOL
  [7, 10_000_000_000n], // 10 SOL
]);
const OTHER_LENGTH_LAMPORTS = 1_000_000n; // 0.001 SOL

const MULTIPLIER_TENTHS: Readonly<Record<PatternType, bigint>> = {
  prefix: 10n,
  suffix: 8n,
  middle: 6n,
  palindrome: 20n,
  sequence: 15n,
  word_like: 30n,
  numerical: 7n,
  repetition: 12n,
};

/**
 * Price in lamports for a pattern of `patternLength` characters. `patternType` is one of the spec's keys
 * (prefix, suffix, middle, palindrome, sequence, word_like, numerical, repetition); case and '-' vs '_' are
 * forgiven ("Word-Like"), and an unknown or missing type counts as 1×.
 */
export function autoPriceLamports(patternLength: number, patternType?: string): bigint {
  const base = LAMPORTS_BY_LENGTH.get(patternLength) ?? OTHER_LENGTH_LAMPORTS;
  const key = (patternType ?? '').trim().toLowerCase().replace(/-/g, '_');
  const tenths = Object.hasOwn(MULTIPLIER_TENTHS, key) ? MULTIPLIER_TENTHS[key as PatternType] : 10n;
  return (base * tenths) / 10n;
}
