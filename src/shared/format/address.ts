import type { Network } from '../domain-values';
import { highlightRange } from './highlight';

/** The spec's shortened forms join head and tail with an ellipsis; three dots copy and paste everywhere. */
export const ELLIPSIS = '...';

/** First `head` characters, '...', last `tail`; unchanged when that would not make it shorter. */
export function shortenAddress(address: string, head: number, tail: number): string {
  const h = Math.max(0, Math.trunc(head));
  const t = Math.max(0, Math.trunc(tail));
  if (address.length <= h + t + ELLIPSIS.length) return address;
  // slice(-0) would return the whole string, hence the explicit empty tail.
  return `${address.slice(0, h)}${ELLIPSIS}${t === 0 ? '' : address.slice(-t)}`;
}

/** Wallet button in the header: first 8, last 4. */
export const headerWallet = (address: string): string => shortenAddress(address, 8, 4);

/** Profile page: first 6, last 4. */
export const profileWallet = (address: string): string => shortenAddress(address, 6, 4);

/** Listing cards and tables: addresses longer than 20 characters become first 8, last 6. */
export function truncateListingAddress(address: string): string {
  return address.length > 20 ? `${address.slice(0, 8)}${ELLIPSIS}${address.slice(-6)}` : address;
}

/**
 * A listing's address as cards and tables show it: `truncateListingAddress`, but never through its pattern (a
 * product whose value is exact characters must not cut them). A pattern reaching into the cut part is kept whole
 * with the head or tail it belongs to; one in the middle is shown between the first and last 4 characters. The
 * characters are the address's own: never re-cased.
 */
export function shortListingAddress(address: string, pattern?: string | null, position?: string | null): string {
  const short = truncateListingAddress(address);
  const range = exactRange(address, pattern, position) ?? highlightRange(address, pattern ?? null, position);
  if (short === address || range === null) return short;
  const [from, to] = range;
  const [HEAD, TAIL] = [8, 6];
  let shown: string;
  if (to <= HEAD || from >= address.length - TAIL) return short; // already whole in the head or the tail
  if (from < HEAD) shown = `${address.slice(0, to)}${ELLIPSIS}${address.slice(-TAIL)}`;
  else if (to > address.length - TAIL) shown = `${address.slice(0, HEAD)}${ELLIPSIS}${address.slice(from)}`;
  else shown = `${address.slice(0, 4)}${ELLIPSIS}${address.slice(from, to)}${ELLIPSIS}${address.slice(-4)}`;
  return shown.length < address.length ? shown : address;
}

/** Where the pattern sits with its exact case (at the end for a suffix), before any match ignoring case. */
function exactRange(address: string, pattern?: string | null, position?: string | null): [number, number] | null {
  if (!pattern) return null;
  const at =
    position === 'suffix' && address.endsWith(pattern) ? address.length - pattern.length : address.indexOf(pattern);
  return at < 0 ? null : [at, at + pattern.length];
}

/**
 * The validator's network guess (docs/product-spec.md#validation-rules): '0x' and 42 characters → ethereum; no '0x' and
 * 32–44 characters → solana; anything else → ethereum (the server then says why it is invalid).
 */
export function guessNetwork(input: string): Network {
  const s = input.trim();
  if (s.startsWith('0x')) return 'ethereum';
  return s.length >= 32 && s.length <= 44 ? 'solana' : 'ethereum';
}
