/**
 * estimatedValue = what it costs to grind the match yourself (docs/domain.md#estimated-value):
 *
 *   value = expected attempts (1/p) ÷ reference grind rate × cost per second × baseValueMultiplier
 *
 * Reference rates (one current consumer GPU, RTX 4090 class):
 *   - Solana: 50 million ed25519 keys/s. Public CUDA grinders report ~100 M keys/s on an RTX 5090
 *     (brandonros/vanity-miner-rs) and ~14 M/s on a laptop RTX 4060; a 4090 sits around half a 5090.
 *   - Ethereum: 3,800 million addresses/s, the RTX 4090 figure of MrSpike63/vanity-eth-address (profanity-style
 *     grinders step a public key by one point addition per attempt, far cheaper than a full keygen).
 * Cost: renting such a GPU costs about US$0.40/hour on public GPU marketplaces; at ~US$200 per SOL (the spec's
 * fallback rates are 197–203) that is 0.002 SOL = 2,000,000 lamports per hour.
 *
 * Money is computed in bigint: 1/p is a float (probabilities are), but it is rounded to a whole number of
 * attempts before any multiplication, the multiplier becomes an integer number of millionths, and the only
 * division rounds half up. The result is rounded to 10 lamports (numeric(18,8) has 8 decimals, a lamport is
 * 10^-9 SOL) and capped at the largest numeric(18,8) value so it always fits its column.
 */
import { divideRoundHalfUp, MAX_PRICE_LAMPORTS, roundToPriceUnit } from '../money';
import type { Network } from './types';

export const GRIND_KEYS_PER_SECOND: Readonly<Record<Network, bigint>> = {
  solana: 50_000_000n,
  ethereum: 3_800_000_000n,
};
export const GPU_COST_LAMPORTS_PER_HOUR = 2_000_000n;

const MULTIPLIER_SCALE = 1_000_000n;
const SECONDS_PER_HOUR = 3600n;

export function grindSeconds(expectedAttempts: number, network: Network): number {
  return expectedAttempts / Number(GRIND_KEYS_PER_SECOND[network]);
}

/** Grinding cost of a match with the given expected attempts, in lamports (a multiple of 10). */
export function estimateValueLamports(expectedAttempts: number, network: Network, baseValueMultiplier = 1): bigint {
  if (!(expectedAttempts > 0)) return 0n;
  // A non-finite or negative multiplier is a bad calibration row, not a reason to price at infinity or below 0.
  const multiplier = Number.isFinite(baseValueMultiplier) && baseValueMultiplier >= 0 ? baseValueMultiplier : 1;
  const attempts = Number.isFinite(expectedAttempts) ? BigInt(Math.round(expectedAttempts)) : 10n ** 80n;
  const multiplierMillionths = BigInt(Math.round(multiplier * Number(MULTIPLIER_SCALE)));
  const numerator = attempts * GPU_COST_LAMPORTS_PER_HOUR * multiplierMillionths;
  const denominator = GRIND_KEYS_PER_SECOND[network] * SECONDS_PER_HOUR * MULTIPLIER_SCALE;
  const lamports = divideRoundHalfUp(numerator, denominator);
  const tens = roundToPriceUnit(lamports);
  return tens > MAX_PRICE_LAMPORTS ? MAX_PRICE_LAMPORTS : tens;
}
