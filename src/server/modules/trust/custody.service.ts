import { ed25519 } from '@noble/curves/ed25519.js';
import { ErrorCode } from '@shared/api/errors';
import type { CustodyProof } from '@shared/api/trust';
import { encodeCustodyMessage } from '@shared/trust/custody-message';
import type { Db } from '@server/db/database';
import { conflict, notFound } from '@server/http/app-error';
import { recordAudit } from '../audit';
import { listingsRepository } from '../listings';
import { addressOfSecretKey, type VaultCipher } from '../key-crypto';
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
  anonymous?: AnonymousCustodyCache,
): Promise<CustodyProof> {
  const listing = await listingsRepository.findById(deps.db, listingId);
  if (!listing || listing.status === 'deleted') throw notFound(ErrorCode.LISTING_NOT_FOUND, 'Listing not found');
  if (listing.status !== 'available' || !listing.isListed) {
    throw conflict(ErrorCode.LISTING_NOT_AVAILABLE, 'Proof of custody is given for available listings only');
  }
  // Checked after the listing's state, so a listing sold or unlisted since is refused, never answered from memory.
  const cached = anonymous?.proof(listing.id, challenge);
  if (cached) return cached;
  const stored = await vaultRepository.findByListingId(deps.db, listing.id);
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
  if (!anonymous || anonymous.claimAudit(listing.id)) {
    await recordAudit(deps.db, {
      action: 'listing.custody_proof',
      performedBy: who.wallet ?? null,
      metadata: { addressId: listing.id, address: listing.address, ...(anonymous ? { anonymous: true } : {}) },
      ip: who.ip ?? null,
      userAgent: who.userAgent ?? null,
    });
  }
  const proof = {
    message: Buffer.from(message).toString('base64'),
    signature: Buffer.from(signature).toString('base64'),
    address: listing.address,
  };
  anonymous?.remember(listing.id, challenge, proof);
  return proof;
}

/** Proofs remembered per listing: a few recent challenges are enough to answer a repeat. */
const PROOFS_PER_LISTING = 16;
const LISTINGS_REMEMBERED = 10_000;

/**
 * What anonymous custody proofs share for `maxAgeMs` per listing (docs/domain.md#proof-of-custody): a proof answers only its own challenge,
 * so a repeated challenge is answered from here (no key decrypted), and the audit trail gets one row per listing and
 * window instead of one per request (an anonymous caller is nobody's to audit, and 20 rows a minute per IP was a
 * free way to grow the table). A signed-in caller bypasses it: each of their proofs is audited.
 */
export function createAnonymousCustodyCache(maxAgeMs: number, now: () => number = Date.now) {
  const listings = new Map<string, { auditedAt: number; proofs: Map<string, { at: number; proof: CustodyProof }> }>();
  const entry = (listingId: string) => {
    let found = listings.get(listingId);
    if (!found) {
      found = { auditedAt: -Infinity, proofs: new Map() };
      listings.set(listingId, found);
      if (listings.size > LISTINGS_REMEMBERED) listings.delete(listings.keys().next().value!);
    }
    return found;
  };
  return {
    proof(listingId: string, challenge: string): CustodyProof | undefined {
      const hit = listings.get(listingId)?.proofs.get(challenge);
      return hit && now() - hit.at < maxAgeMs ? hit.proof : undefined;
    },
    remember(listingId: string, challenge: string, proof: CustodyProof): void {
      const { proofs } = entry(listingId);
      proofs.set(challenge, { at: now(), proof });
      if (proofs.size > PROOFS_PER_LISTING) proofs.delete(proofs.keys().next().value!);
    },
    /** True for the first anonymous proof of a listing in each window: that one writes the audit row. */
    claimAudit(listingId: string): boolean {
      const found = entry(listingId);
      if (now() - found.auditedAt < maxAgeMs) return false;
      found.auditedAt = now();
      return true;
    },
  };
}
export type AnonymousCustodyCache = ReturnType<typeof createAnonymousCustodyCache>;
