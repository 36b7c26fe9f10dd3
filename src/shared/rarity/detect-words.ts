/**
 * English words (≥ 4 letters, case-insensitive) at the start, at the end, or anywhere in the address.
 * At the edges consecutive words are chained ('deadbeef', 'cafebabe', 'GoodLuck'): the feature is the
 * whole chain, which is what makes such an address rare.
 *
 * Bounded for bulk speed: words are looked up only inside maximal letter runs (a digit ends a word); at the
 * edges every length up to MAX_EDGE_WORD is tried, in the middle only up to MAX_MIDDLE_WORD, longest first,
 * so a position costs at most a handful of Set lookups. A word is valued as its exact letters in either case
 * (each letter costs its base58 case variants / 58).
 */
import { isAsciiLetter } from './alphabet';
import { featureAt, type Feature, type PatternContext } from './pattern-context';
import { currentWordIndex, MIN_WORD_LENGTH, type WordIndex } from './word-index';

const MAX_EDGE_WORD = 20;
const MAX_MIDDLE_WORD = 12;
/** Four-letter words turn up by chance in the middle of about one address in four; five letters rarely. */
const MIN_MIDDLE_WORD_FLAG = 5;

export interface WordScan {
  features: Feature[];
  /** Distinct notable words (at an edge, or ≥ 5 letters), lower case, longest first (for search tags). */
  words: string[];
  /** hasWordPattern: a word at the start or end, or a ≥ 5-letter word anywhere. */
  notable: boolean;
}

export function detectWords(ctx: PatternContext): WordScan {
  const index = currentWordIndex();
  const scan: WordScan = { features: [], words: [], notable: false };
  if (!index) return scan;
  const text = ctx.lower;
  let bestMiddle: Feature | null = null;
  for (const [runStart, runLength] of letterRuns(ctx.body)) {
    if (runLength < MIN_WORD_LENGTH) continue;
    const run = text.slice(runStart, runStart + runLength);
    const runEnd = runStart + runLength;
    if (runStart === 0) {
      const chain = chainFromStart(index, run, scan);
      if (chain > 0) scan.features.push(featureAt(ctx, 0, chain, 'word-like', false));
    }
    if (runEnd === text.length) {
      const chain = chainFromEnd(index, run, scan);
      if (chain > 0) scan.features.push(featureAt(ctx, text.length - chain, chain, 'word-like', false));
    }
    for (let i = runStart === 0 ? 1 : 0; i <= runLength - MIN_WORD_LENGTH; i++) {
      const word = index.longestWordAt(run, i, MAX_MIDDLE_WORD);
      if (!word || runStart + i + word.length === text.length) continue; // an end word is a suffix, above
      const feature = featureAt(ctx, runStart + i, word.length, 'word-like', false);
      if (word.length >= MIN_MIDDLE_WORD_FLAG) addWord(scan, word);
      if (!bestMiddle || feature.probability < bestMiddle.probability) bestMiddle = feature;
    }
  }
  if (bestMiddle) scan.features.push(bestMiddle);
  scan.words.sort((a, b) => b.length - a.length);
  return scan;
}

/** Length of the greedy chain of words from the start of `run` (0 when it does not start with a word). */
function chainFromStart(index: WordIndex, run: string, scan: WordScan): number {
  let at = 0;
  for (
    let word = index.longestWordAt(run, 0, MAX_EDGE_WORD);
    word;
    word = index.longestWordAt(run, at, MAX_EDGE_WORD)
  ) {
    addWord(scan, word);
    at += word.length;
  }
  return at;
}

/** Length of the greedy chain of words that ends `run`. */
function chainFromEnd(index: WordIndex, run: string, scan: WordScan): number {
  let end = run.length;
  for (let word = index.longestWordEndingAt(run, 0, MAX_EDGE_WORD); word;) {
    addWord(scan, word);
    end -= word.length;
    word = end >= MIN_WORD_LENGTH ? index.longestWordEndingAt(run.slice(0, end), 0, MAX_EDGE_WORD) : null;
  }
  return run.length - end;
}

function addWord(scan: WordScan, word: string): void {
  scan.notable = true;
  if (!scan.words.includes(word)) scan.words.push(word);
}

/** Maximal runs of ASCII letters, as [start, length]. */
function letterRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let start = 0; start < text.length;) {
    if (!isAsciiLetter(text[start] as string)) {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < text.length && isAsciiLetter(text[end] as string)) end++;
    runs.push([start, end - start]);
    start = end;
  }
  return runs;
}
