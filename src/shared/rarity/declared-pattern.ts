/**
 * A seller's declared pattern: found in the address and valued as that exact string where it sits.
 * Solana matches with case first (that is what grinders do by default); failing that, ignoring case, which
 * is worth less. Ethereum always ignores case (its case is a checksum). 'custom' and blanks mean "none",
 * as in the spec.
 */
import { isCulturalNumber, isMathematicalNumber } from './detect-numbers';
import { longestPalindrome, MIN_SEQUENCE_FEATURE, sequenceRuns } from './detect-shapes';
import { zeroChar } from './detect-runs';
import { bestOccurrence, type Feature, type PatternContext } from './pattern-context';
import type { Category } from './types';
import { currentWordIndex, MIN_WORD_LENGTH } from './word-index';

/** The pattern to look for, or null when the seller declared none. */
export function normalizeDeclaredPattern(raw: string | undefined, ctx: PatternContext): string | null {
  let pattern = (raw ?? '').trim();
  if (ctx.network === 'ethereum' && /^0x./i.test(pattern)) pattern = pattern.slice(2);
  if (pattern.length === 0 || pattern.toLowerCase() === 'custom') return null;
  return pattern;
}

/** The declared pattern's rarest placement in the address, or null when it does not occur. */
export function findDeclaredPattern(ctx: PatternContext, pattern: string): Feature | null {
  if (ctx.network === 'ethereum') {
    const needle = pattern.toLowerCase();
    return bestOccurrence(ctx, ctx.lower, needle, categorize(needle, ctx, ctx.lower.startsWith(needle)), false);
  }
  const exact = bestOccurrence(ctx, ctx.body, pattern, 'custom', true);
  const found = exact ?? bestOccurrence(ctx, ctx.lower, pattern.toLowerCase(), 'custom', false);
  if (!found) return null;
  return { ...found, category: categorize(found.pattern, ctx, found.position === 'prefix') };
}

/** The category a declared pattern belongs to, by the same families the detector uses. */
export function categorize(pattern: string, ctx: PatternContext, atStart: boolean): Category {
  const zero = zeroChar(ctx);
  const text = ctx.network === 'ethereum' ? pattern.toLowerCase() : pattern;
  if (atStart && [...text].every((c) => c === zero)) return 'leading-zeros';
  if (text.length >= 2 && [...text].every((c) => c === text[0])) return 'repeating';
  if (text.length >= 3 && longestPalindrome(text)[1] === text.length) return 'palindrome';
  if (containsWord(text.toLowerCase())) return 'word-like';
  if (isMathematicalNumber(text) || isWholeSequence(text)) return 'mathematical';
  if (isCulturalNumber(text)) return 'cultural';
  return 'custom';
}

function isWholeSequence(text: string): boolean {
  const runs = sequenceRuns(text, MIN_SEQUENCE_FEATURE);
  return runs.some(([, length]) => length === text.length);
}

function containsWord(lower: string): boolean {
  const index = currentWordIndex();
  if (!index || lower.length < MIN_WORD_LENGTH) return false;
  for (let i = 0; i <= lower.length - MIN_WORD_LENGTH; i++) {
    if (index.longestWordAt(lower, i, lower.length)) return true;
  }
  return false;
}
