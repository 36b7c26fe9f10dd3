/**
 * What it costs to grind a match yourself (docs/domain.md#estimated-value): the lower bound of its suggested price
 * (pricing.ts), which takes over from the price curve only for the hardest patterns.
 *
 *   grind cost = expected attempts (1/p) ÷ reference grind rate × cost per second
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
 * attempts before any multiplication, and the only division rounds half up. The result is rounded to 10 lamports (numeric(18,8) has 8 decimals, a lamport is
 * 10^-9 SOL) and capped at the largest numeric(18,8) value so it always fits its column.
 */
import { divideRoundHalfUp, MAX_PRICE_LAMPORTS, roundToPriceUnit } from '../money';
import type { Network } from './types';

export const GRIND_KEYS_PER_SECOND: Readonly<Record<Network, bigint>> = {
  solana: 50_000_000n,
  ethereum: 3_800_000_000n,
};
export const GPU_COST_LAMPORTS_PER_HOUR = 2_000_000n;

const SECONDS_PER_HOUR = 3600n;

export function grindSeconds(expectedAttempts: number, network: Network): number {
  return expectedAttempts / Number(GRIND_KEYS_PER_SECOND[network]);
}

/** Grinding cost of a match with the given expected attempts, in lamports (a multiple of 10). */
export function grindCostLamports(expectedAttempts: number, network: Network): bigint {
  if (!(expectedAttempts > 0)) return 0n;
  const attempts = Number.isFinite(expectedAttempts) ? BigInt(Math.round(expectedAttempts)) : 10n ** 80n;
  const numerator = attempts * GPU_COST_LAMPORTS_PER_HOUR;
  const denominator = GRIND_KEYS_PER_SECOND[network] * SECONDS_PER_HOUR;
  const lamports = divideRoundHalfUp(numerator, denominator);
  const tens = roundToPriceUnit(lamports);
  return tens > MAX_PRICE_LAMPORTS ? MAX_PRICE_LAMPORTS : tens;
}
