import type { PatternClass } from '@shared/pattern-keys';

const PLACES = { prefix: 'at the start', suffix: 'at the end', anywhere: 'anywhere else' } as const;

/** "4-character patterns at the start, case-sensitive": the class in the words the marketplace filters use. */
export function describeClass(c: PatternClass): string {
  return `${c.length}-character patterns ${PLACES[c.position]}, ${c.caseSensitive ? 'case-sensitive' : 'any case'}`;
}

/**
 * A listing's class: its `patternPosition` is open text, so prefix and suffix map to themselves and anything else
 * (the rarity model's 'middle') to 'anywhere', as the server sorts listings into classes. No pattern, no class.
 */
export function classOfListing(listing: {
  patternLength: number;
  patternPosition: string | null;
  caseSensitivePattern: boolean;
}): PatternClass | null {
  if (listing.patternLength < 1) return null;
  const p = listing.patternPosition;
  return {
    length: listing.patternLength,
    position: p === 'prefix' || p === 'suffix' ? p : 'anywhere',
    caseSensitive: listing.caseSensitivePattern,
  };
}
