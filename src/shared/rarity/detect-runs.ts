/**
 * Repeated-character runs and digit runs.
 *
 * A run is valued as the exact string a grinder would have to hit ('1111' as a prefix is four zero bytes,
 * 256^-4; 'AAAA' as a prefix is P(first = 'A')·58^-3). A plain run of digits has no target string, so it is
 * valued as a class: any of the 9 base58 digits (10 for hex) at each of n places, somewhere in the address.
 */
import { isDigit } from './alphabet';
import { anywhereProbability } from './probability';
import { featureAt, type Feature, type PatternContext } from './pattern-context';

const MIN_EDGE_RUN = 2;
const MIN_INNER_RUN = 3;
export const MIN_DIGIT_RUN = 6;

/** Maximal runs of one repeated character in `text`, as [start, length] pairs. */
export function repeatRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let start = 0; start < text.length;) {
    let end = start + 1;
    while (end < text.length && text[end] === text[start]) end++;
    runs.push([start, end - start]);
    start = end;
  }
  return runs;
}

/** The longest run of one repeated digit ('7777' → 4), or 0 when no digit repeats. */
export function longestRepeatedDigitRun(text: string): number {
  let best = 0;
  for (const [start, length] of repeatRuns(text)) {
    if (length >= 2 && length > best && isDigit(text[start] as string)) best = length;
  }
  return best;
}

/** The zero character of the network's encoding: '1' is base58's zero digit, '0' hex's. */
export function zeroChar(ctx: PatternContext): string {
  return ctx.network === 'solana' ? '1' : '0';
}

export function detectRuns(ctx: PatternContext): Feature[] {
  const text = ctx.network === 'ethereum' ? ctx.lower : ctx.body;
  const runs = repeatRuns(text);
  const features: Feature[] = [];
  runs.forEach(([start, length], i) => {
    const atEdge = i === 0 || i === runs.length - 1;
    if (length < (atEdge ? MIN_EDGE_RUN : MIN_INNER_RUN)) return;
    const leadingZeros = start === 0 && text[0] === zeroChar(ctx);
    features.push(featureAt(ctx, start, length, leadingZeros ? 'leading-zeros' : 'repeating'));
  });
  return features;
}

export function detectDigitRun(ctx: PatternContext): Feature | null {
  let bestStart = 0;
  let bestLength = 0;
  for (let start = 0; start < ctx.body.length;) {
    let end = start;
    while (end < ctx.body.length && isDigit(ctx.body[end] as string)) end++;
    if (end - start > bestLength) [bestStart, bestLength] = [start, end - start];
    start = Math.max(end, start + 1);
  }
  if (bestLength < MIN_DIGIT_RUN) return null;
  const digitShare = ctx.network === 'solana' ? 9 / 58 : 10 / 16;
  const positions = ctx.body.length - bestLength + 1;
  const feature = featureAt(ctx, bestStart, bestLength, 'custom', false);
  return { ...feature, probability: anywhereProbability(digitShare ** bestLength, positions) };
}
