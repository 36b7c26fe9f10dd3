/**
 * Well-known numbers: cultural ones (69, 420, 777, 1337 …) as whole strings, and the leading digits of
 * mathematical constants (31415…, 27182…, at least MIN_CONSTANT_DIGITS of them), each valued as the exact
 * digit string at its rarest placement.
 */
import { bestOccurrence, type Feature, type PatternContext } from './pattern-context';
import {
  CULTURAL_NUMBERS,
  MATHEMATICAL_CONSTANTS,
  MATHEMATICAL_NUMBERS,
  MIN_CONSTANT_DIGITS,
} from './well-known-numbers';

export function detectNumbers(ctx: PatternContext): Feature[] {
  const text = ctx.lower;
  if (!/[0-9]{2}/.test(text)) return [];
  const features: Feature[] = [];
  for (const number of CULTURAL_NUMBERS) {
    const feature = text.includes(number) ? bestOccurrence(ctx, text, number, 'cultural') : null;
    if (feature) features.push(feature);
  }
  for (const number of MATHEMATICAL_NUMBERS) {
    const feature = text.includes(number) ? bestOccurrence(ctx, text, number, 'mathematical') : null;
    if (feature) features.push(feature);
  }
  for (const { digits } of MATHEMATICAL_CONSTANTS) {
    const length = longestLeadingDigitsIn(text, digits);
    const feature = length > 0 ? bestOccurrence(ctx, text, digits.slice(0, length), 'mathematical') : null;
    if (feature) features.push(feature);
  }
  return features;
}

/** How many leading digits of a constant occur together in `text` (0 when fewer than the minimum). */
function longestLeadingDigitsIn(text: string, digits: string): number {
  if (!text.includes(digits.slice(0, MIN_CONSTANT_DIGITS))) return 0;
  let length = MIN_CONSTANT_DIGITS;
  while (length < digits.length && text.includes(digits.slice(0, length + 1))) length++;
  return length;
}

/** True when `pattern` is, or is a recognisable piece of, a well-known mathematical number. */
export function isMathematicalNumber(pattern: string): boolean {
  if (MATHEMATICAL_NUMBERS.includes(pattern)) return true;
  return (
    pattern.length >= MIN_CONSTANT_DIGITS &&
    /^[0-9]+$/.test(pattern) &&
    MATHEMATICAL_CONSTANTS.some(({ digits }) => digits.startsWith(pattern))
  );
}

export function isCulturalNumber(pattern: string): boolean {
  return CULTURAL_NUMBERS.includes(pattern);
}
