/**
 * Shapes: ascending/descending sequences and palindromes.
 *
 * A sequence ('6789', 'abcde', 'ZYXW') is a run whose character codes step by +1 or −1 inside one class
 * (digits, lower-case, upper-case letters); it is valued as the exact string. A palindrome has no target
 * string – any mirror image will do – so it is valued as a class: of n characters only the first ⌈n/2⌉ are
 * free, giving 58^-⌊n/2⌋ (16^-⌊n/2⌋ in hex) at a fixed place, "anywhere" in the middle.
 */
import { anywhereProbability } from './probability';
import { featureAt, positionOf, type Feature, type PatternContext } from './pattern-context';

export const MIN_SEQUENCE_FEATURE = 3;
export const MIN_SEQUENCE_FLAG = 4;
export const MIN_PALINDROME = 5;

function charClass(char: string): number {
  if (char >= '0' && char <= '9') return 0;
  if (char >= 'a' && char <= 'z') return 1;
  if (char >= 'A' && char <= 'Z') return 2;
  return 3;
}

/** Maximal ascending or descending runs of at least `minLength` characters, as [start, length]. */
export function sequenceRuns(text: string, minLength: number): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const step of [1, -1]) {
    for (let start = 0; start < text.length;) {
      let end = start + 1;
      while (
        end < text.length &&
        text.charCodeAt(end) - text.charCodeAt(end - 1) === step &&
        charClass(text[end] as string) === charClass(text[start] as string)
      ) {
        end++;
      }
      if (end - start >= minLength) found.push([start, end - start]);
      start = end;
    }
  }
  return found;
}

export function detectSequences(ctx: PatternContext): Feature[] {
  const text = ctx.network === 'ethereum' ? ctx.lower : ctx.body;
  return sequenceRuns(text, MIN_SEQUENCE_FEATURE).map(([start, length]) =>
    featureAt(ctx, start, length, 'mathematical'),
  );
}

/**
 * The longest palindromic substring that is not one repeated character ('77777' is a run, valued by
 * detect-runs), as [start, length]; [0, 0] when there is none. Expands around each of the 2n − 1 centres;
 * if the widest palindrome at a centre is uniform, so is every narrower one there.
 */
export function longestPalindrome(text: string): [number, number] {
  let best: [number, number] = [0, 0];
  for (let centre = 0; centre < 2 * text.length - 1; centre++) {
    let left = centre >> 1;
    let right = left + (centre & 1);
    while (left >= 0 && right < text.length && text[left] === text[right]) {
      left--;
      right++;
    }
    const length = right - left - 1;
    if (length > best[1] && !isUniform(text, left + 1, length)) best = [left + 1, length];
  }
  return best;
}

function isUniform(text: string, start: number, length: number): boolean {
  for (let i = start + 1; i < start + length; i++) if (text[i] !== text[start]) return false;
  return true;
}

export function detectPalindrome(ctx: PatternContext): Feature | null {
  const text = ctx.network === 'ethereum' ? ctx.lower : ctx.body;
  const [start, length] = longestPalindrome(text);
  if (length < MIN_PALINDROME) return null;
  const alphabetSize = ctx.network === 'solana' ? 58 : 16;
  const q = alphabetSize ** -Math.floor(length / 2);
  const position = positionOf(ctx, start, length);
  const probability = position === 'middle' ? anywhereProbability(q, text.length - length + 1) : q;
  return { ...featureAt(ctx, start, length, 'palindrome'), probability };
}
