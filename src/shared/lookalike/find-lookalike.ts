import type { KnownAddress } from './known-addresses';

/** How many leading and trailing characters a person checks: what address-poisoning scams copy. */
export const LOOKALIKE_EDGE = 4;

/**
 * The well-known address that `address` imitates: same first 4 AND last 4 characters (case-sensitive, as
 * base58 is). The known address itself matches too: nobody holds the key of a program id or mint, and a
 * listing of one is a scam all the same. Returns null when nothing matches.
 */
export function findLookalike(address: string, known: ReadonlyArray<KnownAddress>): KnownAddress | null {
  if (typeof address !== 'string' || address.length < LOOKALIKE_EDGE) return null;
  const head = address.slice(0, LOOKALIKE_EDGE);
  const tail = address.slice(-LOOKALIKE_EDGE);
  for (const k of known) {
    if (k.address.startsWith(head) && k.address.endsWith(tail)) return k;
  }
  return null;
}

/** The refusal shown to the admin who tried to list it. */
export function lookalikeReason(match: KnownAddress): string {
  return `Looks like ${match.label} (${match.address}): refused to protect buyers from address poisoning`;
}
