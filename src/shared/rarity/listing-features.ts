/**
 * The per-listing feature columns (docs/product-spec.md#stored-tables (`addresses`)), facts about the address that
 * search and filters use. Thresholds are documented on ListingFeatures (types.ts).
 */
import { hasTwoCasesInBase58 } from './alphabet';
import { longestRepeatedDigitRun, zeroChar } from './detect-runs';
import { longestPalindrome, MIN_PALINDROME, MIN_SEQUENCE_FLAG, sequenceRuns } from './detect-shapes';
import type { WordScan } from './detect-words';
import type { Feature, PatternContext } from './pattern-context';
import { isNotable } from './probability';
import type { ListingFeatures } from './types';

const MAX_TAGS = 12;

export function emptyListingFeatures(): ListingFeatures {
  return {
    patternLength: 0,
    repeatingDigits: 0,
    hasLeadingZeros: false,
    leadingZeroCount: 0,
    hasTrailingZeros: false,
    trailingZeroCount: 0,
    hasPalindrome: false,
    hasSequence: false,
    hasWordPattern: false,
    caseSensitivePattern: false,
    searchTags: [],
  };
}

export function listingFeatures(
  ctx: PatternContext,
  chosen: Feature | null,
  words: WordScan,
  others: readonly Feature[],
): ListingFeatures {
  const text = ctx.network === 'ethereum' ? ctx.lower : ctx.body;
  const zero = zeroChar(ctx);
  const leadingZeroCount = countFromStart(text, zero);
  const trailingZeroCount = countFromEnd(text, zero);
  const hasPalindrome = longestPalindrome(text)[1] >= MIN_PALINDROME;
  const hasSequence = sequenceRuns(text, MIN_SEQUENCE_FLAG).length > 0;
  const caseSensitivePattern =
    chosen !== null && chosen.caseSensitive && [...chosen.pattern].some((c) => hasTwoCasesInBase58(c));
  const tags = new Set<string>([ctx.network]);
  if (chosen) {
    tags.add(chosen.category);
    tags.add(chosen.position);
    tags.add(chosen.pattern.toLowerCase());
  }
  if (leadingZeroCount > 0) tags.add('leading-zeros');
  if (hasPalindrome) tags.add('palindrome');
  if (hasSequence) tags.add('sequence');
  for (const word of words.words.slice(0, 3)) tags.add(word);
  for (const feature of others) {
    const numeric = feature.category === 'cultural' || feature.category === 'mathematical';
    if (numeric && isNotable(feature.probability)) tags.add(feature.pattern.toLowerCase());
  }
  return {
    patternLength: chosen?.pattern.length ?? 0,
    repeatingDigits: longestRepeatedDigitRun(text),
    hasLeadingZeros: leadingZeroCount > 0,
    leadingZeroCount,
    hasTrailingZeros: trailingZeroCount > 0,
    trailingZeroCount,
    hasPalindrome,
    hasSequence,
    hasWordPattern: words.notable,
    caseSensitivePattern,
    searchTags: [...tags].slice(0, MAX_TAGS),
  };
}

function countFromStart(text: string, char: string): number {
  let n = 0;
  while (n < text.length && text[n] === char) n++;
  return n;
}

function countFromEnd(text: string, char: string): number {
  let n = 0;
  while (n < text.length && text[text.length - 1 - n] === char) n++;
  return n;
}
