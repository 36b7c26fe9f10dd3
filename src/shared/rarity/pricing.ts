/**
 * The suggested price of a match, from its difficulty alone (docs/market-data.md#one-rarity-and-price-story). The
 * custom-order quote, the create-listing suggestion, the demo shop's list prices and every estimated value read it, so
 * an order and a listing of equal difficulty cost the same.
 *
 * Difficulty is counted in "equivalent base58 characters", d = log58(1/p): a 3-character suffix is d = 3, a
 * 2-character prefix led by '2'…'H' about 1.7. The curve passes through the product spec's automatic-price table read
 * at whole equivalent characters (3: 0.01, 4: 0.1, 5: 0.5, 6: 2, 7: 10 SOL; its "otherwise 0.001" is the floor up to
 * d = 2), is geometric between those points, grows 5× per character beyond 7, and never goes below what grinding the
 * match costs (valuation.ts), which takes over for the very hardest patterns. It is rounded to two significant
 * digits, a step that keeps it monotone: a harder pattern never has a lower price.
 *
 * The float part (the logarithm and the interpolation) happens before anything is money; the amount itself is a
 * bigint, a whole number of 10-lamport units, capped at what numeric(18,8) holds.
 */
import { MAX_PRICE_LAMPORTS } from '../money';
import { log58Difficulty } from './probability';
import type { Network } from './types';
import { grindCostLamports } from './valuation';

/** [equivalent characters, lamports]: the spec's table at whole characters. */
export const PRICE_ANCHORS: ReadonlyArray<readonly [number, bigint]> = [
  [2, 1_000_000n], // 0.001 SOL: the floor, the spec's "otherwise" row
  [3, 10_000_000n], // 0.01
  [4, 100_000_000n], // 0.1
  [5, 500_000_000n], // 0.5
  [6, 2_000_000_000n], // 2
  [7, 10_000_000_000n], // 10
];
/** Beyond the table each further character multiplies the price by this. */
export const PRICE_GROWTH_BEYOND_TABLE = 5;
export const MIN_SUGGESTED_PRICE_LAMPORTS = PRICE_ANCHORS[0]![1];

/** The curve at d equivalent characters, in (fractional) lamports, before rounding. */
export function priceCurveLamports(chars: number): number {
  const first = PRICE_ANCHORS[0]!;
  const last = PRICE_ANCHORS.at(-1)!;
  if (!(chars > first[0])) return Number(first[1]);
  if (chars >= last[0]) return Number(last[1]) * PRICE_GROWTH_BEYOND_TABLE ** (chars - last[0]);
  const i = PRICE_ANCHORS.findIndex(([c]) => c > chars);
  const [c0, p0] = PRICE_ANCHORS[i - 1]!;
  const [c1, p1] = PRICE_ANCHORS[i]!;
  return Number(p0) * (Number(p1) / Number(p0)) ** ((chars - c0) / (c1 - c0));
}

/**
 * The suggested price for a match that one random key in 1/p produces. p ≥ 1 (no pattern at all) still gets the
 * floor: whatever is listed costs at least that. p ≤ 0 (nothing valid to price) is 0.
 */
export function suggestedPriceLamports(probability: number, network: Network = 'solana'): bigint {
  if (!(probability > 0)) return 0n;
  const chars = probability >= 1 ? 0 : log58Difficulty(probability);
  const curve = Number.isFinite(chars) ? roundToSignificant(priceCurveLamports(chars)) : MAX_PRICE_LAMPORTS;
  const grind = grindCostLamports(1 / probability, network);
  const price = curve > grind ? curve : grind;
  return price > MAX_PRICE_LAMPORTS ? MAX_PRICE_LAMPORTS : price;
}

/**
 * The estimated value of a match: the suggested price times the market calibration `baseValueMultiplier`
 * (docs/market-data.md#valuation-calibration), rounded half up to 10 lamports. No pattern (p ≥ 1) is worth 0.
 */
export function estimatedValueLamports(probability: number, network: Network, baseValueMultiplier = 1): bigint {
  if (!(probability > 0 && probability < 1)) return 0n;
  // A non-finite or negative multiplier is a bad calibration row, not a reason to price at infinity or below 0.
  const m = Number.isFinite(baseValueMultiplier) && baseValueMultiplier >= 0 ? baseValueMultiplier : 1;
  const millionths = BigInt(Math.round(m * 1_000_000));
  const scaled = (suggestedPriceLamports(probability, network) * millionths + 5_000_000n) / 10_000_000n;
  const tens = scaled * 10n;
  return tens > MAX_PRICE_LAMPORTS ? MAX_PRICE_LAMPORTS : tens;
}

/** Two significant digits, half up, as whole lamports (monotone: x ≤ y ⇒ round(x) ≤ round(y)). */
function roundToSignificant(lamports: number): bigint {
  if (!Number.isFinite(lamports) || lamports >= Number(MAX_PRICE_LAMPORTS)) return MAX_PRICE_LAMPORTS;
  const whole = BigInt(Math.round(lamports));
  const digits = whole.toString().length;
  if (digits <= 2) return whole;
  const scale = 10n ** BigInt(digits - 2);
  return ((whole + scale / 2n) / scale) * scale;
}
