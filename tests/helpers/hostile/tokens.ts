import fc from 'fast-check';
import type { Hints } from './schema';
import { forbiddenBase58, hostileString } from './values';

/**
 * Generated requests name fixtures through tokens such as `~~KEY~2~~`, replaced only when the request is sent, so a
 * failing case printed by fast-check shows `~~KEY~2~~`, never a private key. `~` is not URL-encoded, so a token
 * survives encodeURIComponent in a path or query.
 */
export type TokenKind = 'WALLET' | 'ADDR' | 'KEY' | 'LISTING' | 'LISTINGADDR' | 'TX';
export const token = (kind: TokenKind, i = 0) => `~~${kind}~${i}~~`;
export const TOKEN_PATTERN = /~~([A-Z]+)~(\d+)~~/g;

/** How many unlisted keypairs the tests hold: ADDR and KEY tokens index them. */
export const FIXTURE_KEYPAIRS = 4;

export interface FixtureCounts {
  /** Fresh keypairs never listed: ADDR and KEY (their base58 secret), same index, same pair. */
  keypairs: number;
  /** Seeded listings: LISTING (id) and LISTINGADDR (address). */
  listings: number;
  /** Seeded purchases: TX (id). */
  transactions: number;
}

const tokens = (kind: TokenKind, n: number) =>
  fc.integer({ min: 0, max: Math.max(0, n - 1) }).map((i) => token(kind, i));

/** Field-name hints: the ids, wallets and keys that exist, so generated requests get past "not found". */
export function fixtureHints(n: FixtureCounts): Hints {
  const wallet = fc.oneof(
    { arbitrary: fc.constant(token('WALLET')), weight: 4 },
    { arbitrary: tokens('ADDR', n.keypairs), weight: 1 },
    { arbitrary: forbiddenBase58, weight: 1 },
  );
  const id = fc.oneof(tokens('LISTING', n.listings), tokens('TX', n.transactions), fc.uuid());
  return {
    address: fc.oneof(tokens('ADDR', n.keypairs), tokens('LISTINGADDR', n.listings), forbiddenBase58),
    privateKey: fc.oneof({ arbitrary: tokens('KEY', n.keypairs), weight: 3 }, { arbitrary: hostileString, weight: 1 }),
    walletAddress: wallet,
    buyerId: wallet,
    buyerWallet: wallet,
    wallet,
    sellerId: wallet,
    id,
    addressId: fc.oneof(tokens('LISTING', n.listings), fc.uuid()),
    txHash: fc.oneof(fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{87,88}$/), forbiddenBase58),
    price: fc.oneof(fc.constantFrom('1.5', '2', 1.5, '0.00000001', '9999999999.99999999'), hostileString),
  };
}
