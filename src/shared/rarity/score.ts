/**
 * rarityScore: one scale for prefixes, suffixes, words and every other feature (docs/domain.md#rarity-score).
 *
 *   score = 1.25 × (log58(1/p) + 1 − H), clamped to [0, 10], one decimal,
 *
 * where log58(1/p) counts "uniformly random base58 characters' worth" of difficulty and
 * H = Σ P(c)·log58(1/P(c)) ≈ 0.745 is the expected worth of a real key's first character under the true
 * first-character distribution (first-char-distribution.ts). The offset 1 − H anchors the scale on what the
 * design names – a case-sensitive prefix of a real key – so that on average over real keys:
 *   a 4-character prefix scores 5 (log58(1/p) = 3 + H), each further character adds 1.25, 8 characters score 10.
 * Individual prefixes keep their true difficulty: 4 characters leading with '2'…'H' (~1 key in 17 each)
 * score 4.9, leading with 'K'…'z' (~1 in 1,000) 6.2. An n-character suffix (58^-n) scores 1.25·(n + 0.255):
 * 4 → 5.3, 8 → 10. An Ethereum hex character is worth log58(16) ≈ 0.68 base58 characters.
 */
import { firstCharProbabilities } from './first-char-distribution';
import { log58Difficulty } from './probability';

export const SCORE_PER_BASE58_CHAR = 1.25;
export const MAX_SCORE = 10;

/** H: the expected log58 difficulty of a 32-byte key's first character (≈ 0.745). */
export const FIRST_CHAR_ENTROPY_BASE58 = firstCharProbabilities(32).reduce(
  (sum, p) => (p > 0 ? sum + p * log58Difficulty(p) : sum),
  0,
);

export function rarityScoreFromProbability(probability: number): number {
  // p = 0 only for "no valid match" (invalid input), which scores nothing rather than infinitely well;
  // p = 1 is "no pattern at all", which must not pick up the 0.3 of the prefix offset.
  if (!(probability > 0) || probability >= 1) return 0;
  const raw = SCORE_PER_BASE58_CHAR * (log58Difficulty(probability) + 1 - FIRST_CHAR_ENTROPY_BASE58);
  const clamped = Math.min(MAX_SCORE, Math.max(0, raw));
  return Math.round(clamped * 10) / 10;
}
