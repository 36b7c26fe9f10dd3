/**
 * analyzeAddress: the server's own rarity and value model (docs/domain.md#rarity-and-value) for one address.
 *
 * 1. Validate the address for its network (invalid → isValid false, a human message, zeros elsewhere).
 * 2. Find the match to value: the seller's declared pattern where it occurs, otherwise the best detected
 *    feature – leading/trailing/inner runs, words, sequences, palindromes, well-known numbers, digit runs –
 *    i.e. the one a random key is least likely to have, if it is notable (probability.ts); with none the
 *    address is 'custom' with probability 1 and scores 0.
 * 3. Report p, 1/p, ln2/p, the grind time at the reference rate, the score and its tier (tier.ts), the suggested
 *    price and the estimated value (pricing.ts): the one rarity and price story every page and the order quote use
 *    (docs/market-data.md#one-rarity-and-price-story).
 */
import { checkAddress } from './address-format';
import { findDeclaredPattern, normalizeDeclaredPattern } from './declared-pattern';
import { detectNumbers } from './detect-numbers';
import { detectDigitRun, detectRuns } from './detect-runs';
import { detectPalindrome, detectSequences } from './detect-shapes';
import { detectWords } from './detect-words';
import { emptyListingFeatures, listingFeatures } from './listing-features';
import { createContext, type Feature, type PatternContext } from './pattern-context';
import { isNotable } from './probability';
import { rarityScoreFromProbability } from './score';
import type { AnalyzeOptions, Network, RarityReport } from './types';
import { lamportsToSolString } from '../money';
import { estimatedValueLamports, MIN_SUGGESTED_PRICE_LAMPORTS, suggestedPriceLamports } from './pricing';
import { tierOf } from './tier';
import { grindSeconds } from './valuation';

const NETWORK_NAMES: Record<Network, string> = { solana: 'Solana', ethereum: 'Ethereum' };

export function analyzeAddress(address: string, opts: AnalyzeOptions = {}): RarityReport {
  const trimmed = address.trim();
  const network: Network = opts.network ?? (/^0x/i.test(trimmed) ? 'ethereum' : 'solana');
  const check = checkAddress(trimmed, network);
  if (!check.ok) return invalidReport(network, check.message);

  const ctx = createContext(trimmed, network);
  const words = detectWords(ctx);
  const detected = detectFeatures(ctx, words.features);
  let message = `Valid ${NETWORK_NAMES[network]} address${check.checksummed ? ' (EIP-55 checksum verified)' : ''}`;
  let chosen = pickNotable(detected);
  const declared = normalizeDeclaredPattern(opts.pattern, ctx);
  if (declared !== null) {
    const found = findDeclaredPattern(ctx, declared);
    if (found) chosen = found;
    else message += `; the declared pattern "${declared}" does not occur in it`;
  }

  const probability = chosen?.probability ?? 1;
  const expectedAttempts = 1 / probability;
  const lamports = estimatedValueLamports(probability, network, opts.baseValueMultiplier ?? 1);
  const rarityScore = rarityScoreFromProbability(probability);
  return {
    isValid: true,
    message,
    network,
    address: trimmed,
    pattern: chosen?.pattern ?? null,
    patternPosition: chosen?.position ?? null,
    category: chosen?.category ?? 'custom',
    rarityScore,
    tier: tierOf(rarityScore).id,
    probability,
    expectedAttempts,
    medianAttempts: Math.max(1, Math.LN2 * expectedAttempts),
    grindSeconds: grindSeconds(expectedAttempts, network),
    estimatedValueLamports: lamports,
    estimatedValue: lamportsToSolString(lamports), // already a whole number of 1e-8 SOL
    suggestedPriceLamports: chosen ? suggestedPriceLamports(probability, network) : MIN_SUGGESTED_PRICE_LAMPORTS,
    features: listingFeatures(ctx, chosen, words, detected),
  };
}

function detectFeatures(ctx: PatternContext, wordFeatures: Feature[]): Feature[] {
  const features = [...detectRuns(ctx), ...wordFeatures, ...detectSequences(ctx), ...detectNumbers(ctx)];
  const palindrome = detectPalindrome(ctx);
  if (palindrome) features.push(palindrome);
  const digits = detectDigitRun(ctx);
  if (digits) features.push(digits);
  return features;
}

/** The rarest feature if it is notable. Ties keep detection order (runs first: they are the simplest). */
function pickNotable(features: readonly Feature[]): Feature | null {
  let best: Feature | null = null;
  for (const feature of features) if (!best || feature.probability < best.probability) best = feature;
  return best && isNotable(best.probability) ? best : null;
}

/**
 * Never the input itself: whatever failed the check may be a secret in a form the private-key guard does not
 * recognise (quoted, base64url, a JSON object), and the answer must not carry it back into logs and caches.
 */
function invalidReport(network: Network, message: string): RarityReport {
  return {
    isValid: false,
    message,
    network,
    address: '',
    pattern: null,
    patternPosition: null,
    category: 'custom',
    rarityScore: 0,
    tier: 'basic',
    probability: 0,
    expectedAttempts: 0,
    medianAttempts: 0,
    grindSeconds: 0,
    estimatedValueLamports: 0n,
    estimatedValue: '0',
    suggestedPriceLamports: 0n,
    features: emptyListingFeatures(),
  };
}
