import type { Network } from '../domain-values';

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
 * The validator's network guess (docs/product-spec.md#validation-rules): '0x' and 42 characters → ethereum; no '0x' and
 * 32–44 characters → solana; anything else → ethereum (the server then says why it is invalid).
 */
export function guessNetwork(input: string): Network {
  const s = input.trim();
  if (s.startsWith('0x')) return 'ethereum';
  return s.length >= 32 && s.length <= 44 ? 'solana' : 'ethereum';
}
