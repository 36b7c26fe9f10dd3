/**
 * What every detector needs to know about one address, computed once: the searchable body (Ethereum drops
 * its 0x), a lower-case copy for case-insensitive matching, and the probability of a match at a place.
 */
import { anywhereProbability, positionProbability, prefixProbability, suffixProbability } from './probability';
import type { Category, Network, PatternPosition } from './types';

export interface PatternContext {
  network: Network;
  /** The characters patterns are matched in: the whole Solana address, the 40 hex digits of an Ethereum one. */
  body: string;
  /** `body` in lower case. Ethereum matching always uses it: hex case is a checksum, not a choice. */
  lower: string;
}

/** One notable thing about an address, with how likely a random key is to have exactly it. */
export interface Feature {
  /** As it appears in the address (original case). */
  pattern: string;
  position: PatternPosition;
  category: Category;
  probability: number;
  caseSensitive: boolean;
}

export function createContext(address: string, network: Network): PatternContext {
  const body = network === 'ethereum' ? address.slice(2) : address;
  return { network, body, lower: body.toLowerCase() };
}

/** Where a match of `length` characters starting at `start` sits in the body. */
export function positionOf(ctx: PatternContext, start: number, length: number): PatternPosition {
  if (start === 0) return 'prefix';
  if (start + length === ctx.body.length) return 'suffix';
  return 'middle';
}

/**
 * P(a random key shows this exact `pattern` at `position`). A middle match is valued as "anywhere": a
 * grinder looking for it accepts any of the body.length − n + 1 places.
 */
export function matchProbability(
  ctx: PatternContext,
  pattern: string,
  position: PatternPosition,
  caseSensitive: boolean,
): number {
  const sensitive = caseSensitive && ctx.network === 'solana';
  if (position === 'prefix') return prefixProbability(pattern, ctx.network, sensitive);
  if (position === 'suffix') return suffixProbability(pattern, ctx.network, sensitive);
  const q = positionProbability(pattern, ctx.network, sensitive);
  return anywhereProbability(q, ctx.body.length - pattern.length + 1);
}

/** Builds a feature for the `length` characters at `start`, with its position and exact-pattern probability. */
export function featureAt(
  ctx: PatternContext,
  start: number,
  length: number,
  category: Category,
  caseSensitive = true,
): Feature {
  const pattern = ctx.body.slice(start, start + length);
  const position = positionOf(ctx, start, length);
  const probability = matchProbability(ctx, pattern, position, caseSensitive);
  return { pattern, position, category, probability, caseSensitive: caseSensitive && ctx.network === 'solana' };
}

/** The rarest placement of `needle` in `text` (the body, or its lower-case copy), or null when absent. */
export function bestOccurrence(
  ctx: PatternContext,
  text: string,
  needle: string,
  category: Category,
  caseSensitive = true,
): Feature | null {
  if (needle.length === 0) return null;
  let best: Feature | null = null;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const feature = featureAt(ctx, at, needle.length, category, caseSensitive);
    if (!best || feature.probability < best.probability) best = feature;
  }
  return best;
}
