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

/**
 * Builds an index over lower-case words; words shorter than MIN_WORD_LENGTH or with non-letters are dropped.
 *
 * Compact on purpose: every process that scores addresses holds one (the server and each bulk-upload worker),
 * and a Set of the 275,000 English words costs ≈22 MB of heap per copy. Here the words are one string, found
 * through an open-addressing table of offsets (≈5 MB), and lookups hash a range of the text in place instead of
 * slicing a new string per candidate length.
 */
export function createWordIndex(words: Iterable<string>): WordIndex {
  const kept: string[] = [];
  let longest = 0;
  for (const raw of words) {
    const word = raw.toLowerCase();
    if (word.length < MIN_WORD_LENGTH || word.length > MAX_WORD_LENGTH || !/^[a-z]+$/.test(word)) continue;
    kept.push(word);
    if (word.length > longest) longest = word.length;
  }
  const table = new WordTable(kept);
  // The first and the last four letters of every word: one bit each rejects ~95% of positions at once.
  const stems = new Uint8Array(QUADS / 8);
  const tails = new Uint8Array(QUADS / 8);
  for (const word of kept) {
    setBit(stems, quad(word, 0));
    setBit(tails, quad(word, word.length - MIN_WORD_LENGTH));
  }
  return {
    has: (word) => table.has(word, 0, word.length),
    longestWordAt(text, start, maxLength) {
      const upper = Math.min(maxLength, longest, text.length - start);
      if (upper < MIN_WORD_LENGTH || !hasBit(stems, quad(text, start))) return null;
      for (let length = upper; length >= MIN_WORD_LENGTH; length--) {
        if (table.has(text, start, length)) return text.slice(start, start + length);
      }
      return null;
    },
    longestWordEndingAt(text, from, maxLength) {
      const upper = Math.min(maxLength, longest, text.length - from);
      if (upper < MIN_WORD_LENGTH || !hasBit(tails, quad(text, text.length - MIN_WORD_LENGTH))) return null;
      for (let length = upper; length >= MIN_WORD_LENGTH; length--) {
        if (table.has(text, text.length - length, length)) return text.slice(text.length - length);
      }
      return null;
    },
  };
}

const MAX_WORD_LENGTH = 255; // lengths are kept in bytes
const QUADS = 26 ** 4;

/** The four letters a–z at `at` as a number below 26⁴, or -1 when one of them is not a lower-case letter. */
function quad(text: string, at: number): number {
  let q = 0;
  for (let i = at; i < at + MIN_WORD_LENGTH; i++) {
    const letter = text.charCodeAt(i) - 97;
    if (!(letter >= 0 && letter < 26)) return -1;
    q = q * 26 + letter;
  }
  return q;
}

const setBit = (bits: Uint8Array, q: number) => {
  bits[q >> 3]! |= 1 << (q & 7);
};
const hasBit = (bits: Uint8Array, q: number) => q >= 0 && (bits[q >> 3]! & (1 << (q & 7))) !== 0;

/** A set of strings stored as one string plus an open-addressing hash table of (offset, length). */
class WordTable {
  private readonly text: string;
  private readonly starts: Int32Array;
  private readonly lengths: Uint8Array;
  private readonly mask: number;

  constructor(words: readonly string[]) {
    let size = 1024;
    while (size < words.length * 2) size *= 2; // at most half full: short probe runs
    this.mask = size - 1;
    this.starts = new Int32Array(size).fill(-1);
    this.lengths = new Uint8Array(size);
    this.text = words.join('');
    let offset = 0;
    for (const word of words) {
      if (!this.has(this.text, offset, word.length)) {
        let slot = hash(this.text, offset, word.length) & this.mask;
        while (this.starts[slot] !== -1) slot = (slot + 1) & this.mask;
        this.starts[slot] = offset;
        this.lengths[slot] = word.length;
      }
      offset += word.length;
    }
  }

  /** Whether `text[from, from + length)` is one of the words. */
  has(text: string, from: number, length: number): boolean {
    if (length > MAX_WORD_LENGTH) return false;
    for (let slot = hash(text, from, length) & this.mask; ; slot = (slot + 1) & this.mask) {
      const start = this.starts[slot]!;
      if (start === -1) return false;
      if (this.lengths[slot] === length && this.matches(start, text, from, length)) return true;
    }
  }

  private matches(start: number, text: string, from: number, length: number): boolean {
    for (let i = 0; i < length; i++) if (this.text.charCodeAt(start + i) !== text.charCodeAt(from + i)) return false;
    return true;
  }
}

/** FNV-1a over the UTF-16 code units of a range. */
function hash(text: string, from: number, length: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < from + length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
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
