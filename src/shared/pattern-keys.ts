import type { PatternPosition } from './domain-values';

/**
 * How pattern bids and watches are matched without scanning them (docs/domain.md#bids-and-offers): each is
 * stored under the key `patternKeyOf` gives its pattern, and a new address is cut into the keys a pattern of each
 * stored (position, case, length) class would have to equal. Looking those keys up in an index finds every match.
 */

/** The stored key of a pattern: itself when case-sensitive, else lower-cased. */
export const patternKeyOf = (pattern: string, caseSensitive: boolean): string =>
  caseSensitive ? pattern : pattern.toLowerCase();

export interface PatternClass {
  position: PatternPosition;
  caseSensitive: boolean;
  length: number;
}

/** The keys a pattern of class `c` must equal to match `address`: one for prefix and suffix, every window for anywhere. */
export function addressKeys(address: string, c: PatternClass): string[] {
  if (c.length < 1 || c.length > address.length) return [];
  const text = c.caseSensitive ? address : address.toLowerCase();
  if (c.position === 'prefix') return [text.slice(0, c.length)];
  if (c.position === 'suffix') return [text.slice(text.length - c.length)];
  const windows = new Set<string>();
  for (let i = 0; i + c.length <= text.length; i += 1) windows.add(text.slice(i, i + c.length));
  return [...windows];
}

/** Whether `address` matches a pattern: the same rule as the index, for one pattern. */
export function matchesPattern(
  address: string,
  p: { pattern: string; position: PatternPosition; caseSensitive: boolean },
): boolean {
  const key = patternKeyOf(p.pattern, p.caseSensitive);
  return addressKeys(address, { position: p.position, caseSensitive: p.caseSensitive, length: key.length }).includes(
    key,
  );
}
