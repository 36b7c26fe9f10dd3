/**
 * Dictionary lookups for word-like patterns, without the dictionary.
 *
 * The English list is 3 MB, so this module (which the browser may import) only holds a registry: the
 * Node-only `english-words.ts` registers a loader, and the list is read on the first lookup. Without a
 * registered source, word detection finds nothing rather than failing.
 */
export const MIN_WORD_LENGTH = 4;

export interface WordIndex {
  /** The longest word of length ≥ MIN_WORD_LENGTH and ≤ maxLength that starts at `start` of lower-case `text`. */
  longestWordAt(text: string, start: number, maxLength: number): string | null;
  /** The longest word that ends exactly at the end of `text` (and begins at or after `from`). */
  longestWordEndingAt(text: string, from: number, maxLength: number): string | null;
  has(word: string): boolean;
}

/** Builds an index over lower-case words; words shorter than MIN_WORD_LENGTH or with non-letters are dropped. */
export function createWordIndex(words: Iterable<string>): WordIndex {
  const set = new Set<string>();
  // The first four letters of every word: one lookup rejects ~95% of positions before any longer slice.
  const stems = new Set<string>();
  const tails = new Set<string>(); // likewise the last four letters, for words ending an address
  let longest = 0;
  for (const raw of words) {
    const word = raw.toLowerCase();
    if (word.length < MIN_WORD_LENGTH || !/^[a-z]+$/.test(word)) continue;
    set.add(word);
    stems.add(word.slice(0, MIN_WORD_LENGTH));
    tails.add(word.slice(-MIN_WORD_LENGTH));
    if (word.length > longest) longest = word.length;
  }
  return {
    has: (word) => set.has(word),
    longestWordAt(text, start, maxLength) {
      const upper = Math.min(maxLength, longest, text.length - start);
      if (upper < MIN_WORD_LENGTH || !stems.has(text.slice(start, start + MIN_WORD_LENGTH))) return null;
      for (let length = upper; length >= MIN_WORD_LENGTH; length--) {
        const candidate = text.slice(start, start + length);
        if (set.has(candidate)) return candidate;
      }
      return null;
    },
    longestWordEndingAt(text, from, maxLength) {
      const upper = Math.min(maxLength, longest, text.length - from);
      if (upper < MIN_WORD_LENGTH || !tails.has(text.slice(-MIN_WORD_LENGTH))) return null;
      for (let length = upper; length >= MIN_WORD_LENGTH; length--) {
        const candidate = text.slice(text.length - length);
        if (set.has(candidate)) return candidate;
      }
      return null;
    },
  };
}

let loadSource: (() => WordIndex) | null = null;
let loaded: WordIndex | null = null;

/** Installs the dictionary (lazily: `load` runs on the first lookup). Replaces any earlier one. */
export function registerWordSource(load: () => WordIndex): void {
  loadSource = load;
  loaded = null;
}

export function currentWordIndex(): WordIndex | null {
  if (!loaded && loadSource) loaded = loadSource();
  return loaded;
}
