import { ed25519 } from '@noble/curves/ed25519.js';
import { ErrorCode } from '@shared/api/errors';
import type { CustodyProof } from '@shared/api/trust';
import { encodeCustodyMessage } from '@shared/trust/custody-message';
import type { Db } from '@server/db/database';
import { conflict, notFound } from '@server/http/app-error';
import { recordAudit } from '../audit';
import { listingsRepository } from '../listings';
import { addressOfSecretKey, type VaultCipher } from '../vault';
import { vaultRepository } from '../vault';

export interface CustodyDeps {
  db: Db;
  cipher: VaultCipher;
  /** The shop's origin: the off-chain message's application domain. */
  origin: string;
  now(): Date;
}

export interface CustodyRequester {
  ip?: string | null;
  userAgent?: string | null;
  wallet?: string | null;
}

/**
 * Signs the browser's challenge with the listed address's own key (docs/domain.md#proof-of-custody). Only `available`
 * listings: a sold key is the buyer's business, and a deleted listing is no longer offered. The key is decrypted for
 * the one signature and wiped; only the signature leaves.
 */
export async function proveCustody(
  deps: CustodyDeps,
  listingId: string,
  challenge: string,
  who: CustodyRequester,
): Promise<CustodyProof> {
  const listing = await listingsRepository.findById(deps.db, listingId);
  if (!listing || listing.status === 'deleted') throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Listing not found');
  if (listing.status !== 'available' || !listing.isListed) {
    throw conflict(ErrorCode.LISTING_NOT_AVAILABLE, 'Proof of custody is given for available listings only');
  }
  const stored = await vaultRepository.findByAddressId(deps.db, listing.id);
  if (!stored) throw conflict(ErrorCode.KEY_UNAVAILABLE, 'The vault holds no key for this listing');
  const message = encodeCustodyMessage({
    address: listing.address,
    origin: deps.origin,
    challenge,
    issuedAt: deps.now().toISOString(),
  });
  const secretKey = deps.cipher.decrypt(listing.address, stored);
  let signature: Uint8Array;
  try {
    // Never sign with a key that is not the listed one: the proof would be a lie that still "verifies" for nobody.
    if (addressOfSecretKey(secretKey) !== listing.address) {
      throw conflict(ErrorCode.KEY_UNAVAILABLE, 'The stored key does not match the address');
    }
    signature = ed25519.sign(message, secretKey.subarray(0, 32));
  } finally {
    secretKey.fill(0);
  }
  await recordAudit(deps.db, {
    action: 'listing.custody_proof',
    performedBy: who.wallet ?? null,
    metadata: { addressId: listing.id, address: listing.address },
    ip: who.ip ?? null,
    userAgent: who.userAgent ?? null,
  });
  return {
    message: Buffer.from(message).toString('base64'),
    signature: Buffer.from(signature).toString('base64'),
    address: listing.address,
  };
}
