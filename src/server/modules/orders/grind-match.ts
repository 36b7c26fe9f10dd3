/**
 * Does an address match an order's pattern? Case-insensitively, two base58 characters match when they are the
 * same letter in either case (base58 has no 'l', so a pattern 'l' matches 'L', as the quote counts it).
 */
export interface GrindPattern {
  pattern: string;
  position: 'prefix' | 'suffix';
  caseSensitive: boolean;
}

export function matcherOf(target: GrindPattern): (address: string) => boolean {
  const needle = target.caseSensitive ? target.pattern : target.pattern.toLowerCase();
  const n = needle.length;
  if (target.position === 'prefix') {
    return target.caseSensitive ? (a) => a.startsWith(needle) : (a) => a.slice(0, n).toLowerCase() === needle;
  }
  return target.caseSensitive ? (a) => a.endsWith(needle) : (a) => a.slice(-n).toLowerCase() === needle;
}
