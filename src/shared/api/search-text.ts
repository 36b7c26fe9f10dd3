import type { SearchPosition } from './search-filters';

/**
 * How much search text the marketplace needs (docs/decisions/0004): one letter or digit where the text is
 * anchored (an address that starts or ends with it), two in a row anywhere. Shared by the server's query schema and
 * the search box, so the box never sends what the server would refuse.
 */
export const MIN_SEARCH_RUN: Record<SearchPosition, number> = { start: 1, end: 1, anywhere: 2 };

export function searchTooShortMessage(position: SearchPosition): string {
  return position === 'anywhere'
    ? 'Search text needs at least 2 letters or digits in a row'
    : 'Search text needs at least 1 letter or digit';
}

const runOf = (n: number) => new RegExp(`[\\p{L}\\p{N}]{${n}}`, 'u');
const RUNS = { 1: runOf(1), 2: runOf(2), 3: runOf(3) } as const;

/** Whether the marketplace can search for `text` at `position` (see MIN_SEARCH_RUN). */
export function isSearchableText(text: string, position: SearchPosition = 'anywhere'): boolean {
  return RUNS[MIN_SEARCH_RUN[position] as 1 | 2].test(text);
}

/**
 * Whether the trigram indexes can find the matches of `text` (decision 0004): three letters or digits in a row
 * anywhere; an anchored text of two, with the padding trigram of its anchored end ("  ab", "ab "). Shorter text has no
 * trigram worth looking up, so its page is read in sort order instead (`read-filters.ts`).
 */
export function reachesTrigrams(text: string, position: SearchPosition): boolean {
  if (RUNS[3].test(text)) return true;
  if (position === 'start') return /^[\p{L}\p{N}]{2}/u.test(text);
  if (position === 'end') return /[\p{L}\p{N}]{2}$/u.test(text);
  return false;
}

/** The characters base58 leaves out so that no two look alike: they never appear in a Solana address. */
export const NOT_IN_BASE58 = ['0', 'O', 'I', 'l'] as const;

const BASE58_CHARACTER = /^[1-9A-HJ-NP-Za-km-z]$/;

/** The characters of `text` that no Solana address has (0, O, I, l, punctuation, other scripts), each once. */
export function charactersNotInAddresses(text: string): string[] {
  return [...new Set([...text].filter((c) => c.trim() !== '' && !BASE58_CHARACTER.test(c)))];
}

/**
 * Whether no address can match `text` however its letters are cased (the search ignores case, so "O" still finds "o"
 * and "I" finds "i"): it has a 0, or a character that is not a base58 letter or digit in any case.
 */
export function matchesNoAddress(text: string): boolean {
  return /[^1-9A-Za-z]/.test(text);
}
