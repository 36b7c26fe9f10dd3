import { createPrivateKey, createPublicKey, timingSafeEqual } from 'node:crypto';
import { encodeBase58 } from '@shared/keys/base58';
import { loadSodium } from './libsodium';

/** Bytes of a Solana secret key: the 32-byte ed25519 seed followed by the 32-byte public key. */
export const SECRET_KEY_BYTES = 64;
export const SEED_BYTES = 32;

// PKCS#8 header of an Ed25519 private key (RFC 8410); the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Whether this Node imports a raw ed25519 seed ('raw-private', Node 24); older versions go through PKCS#8 DER. */
const rawImport = (() => {
  try {
    createPrivateKey({ key: Buffer.alloc(SEED_BYTES), format: 'raw-private', asymmetricKeyType: 'ed25519' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The ed25519 public key of a 32-byte seed, which every bulk-uploaded key is checked against. libsodium where it
 * loads (≈14 µs), else Node's OpenSSL (≈35–40 µs; @noble/curves takes ≈270 µs), which matters for 100,000-row
 * bulk uploads.
 */
export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  if (seed.length !== SEED_BYTES) throw new TypeError('An ed25519 seed is 32 bytes');
  const sodium = loadSodium();
  if (!sodium) return publicKeyFromSeedViaOpenSsl(seed);
  const publicKey = new Uint8Array(SEED_BYTES);
  const secretKey = new Uint8Array(SECRET_KEY_BYTES);
  try {
    sodium.crypto_sign_seed_keypair(publicKey, secretKey, seed);
    return publicKey;
  } finally {
    secretKey.fill(0);
  }
}

/**
 * The same with Node's OpenSSL, where libsodium cannot load. OpenSSL computes the public key when it imports the
 * private key; reading it back raw (or as JWK) skips the SPKI round trip, about a third of the cost. Exported for
 * its test.
 */
export function publicKeyFromSeedViaOpenSsl(seed: Uint8Array): Uint8Array {
  if (rawImport) {
    const key = Buffer.from(seed.buffer, seed.byteOffset, seed.byteLength); // a view, not a copy to wipe
    const privateKey = createPrivateKey({ key, format: 'raw-private', asymmetricKeyType: 'ed25519' });
    return new Uint8Array(createPublicKey(privateKey).export({ format: 'raw-public' }));
  }
  return publicKeyFromSeedViaDer(seed);
}

/** OpenSSL through PKCS#8 DER and JWK, for Node versions without raw key import. Exported for its test. */
export function publicKeyFromSeedViaDer(seed: Uint8Array): Uint8Array {
  const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
  try {
    const { x } = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
    return new Uint8Array(Buffer.from(x!, 'base64url'));
  } finally {
    der.fill(0);
  }
}

/** seed ‖ publicKey: the 64-byte form wallets import. */
export function secretKeyFromSeed(seed: Uint8Array): Uint8Array {
  const secretKey = new Uint8Array(SECRET_KEY_BYTES);
  secretKey.set(seed, 0);
  secretKey.set(publicKeyFromSeed(seed), SEED_BYTES);
  return secretKey;
}

/** True when the second half of a 64-byte secret key is the public key of its first half. */
export function isConsistentSecretKey(secretKey: Uint8Array): boolean {
  if (secretKey.length !== SECRET_KEY_BYTES) return false;
  const derived = publicKeyFromSeed(secretKey.subarray(0, SEED_BYTES));
  return timingSafeEqual(derived, secretKey.subarray(SEED_BYTES));
}

/** The base58 address of a public key. */
export function publicKeyToAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new TypeError('A public key is 32 bytes');
  return encodeBase58(publicKey);
}

/** The address a 64-byte secret key controls, derived from its seed (its stored second half is not trusted). */
export function addressOfSecretKey(secretKey: Uint8Array): string {
  if (secretKey.length !== SECRET_KEY_BYTES) throw new TypeError('A secret key is 64 bytes');
  return publicKeyToAddress(publicKeyFromSeed(secretKey.subarray(0, SEED_BYTES)));
}

/** The base58 text of a 64-byte secret key, as Phantom's "Import private key" expects it. */
export function secretKeyToBase58(secretKey: Uint8Array): string {
  if (secretKey.length !== SECRET_KEY_BYTES) throw new TypeError('A secret key is 64 bytes');
  return encodeBase58(secretKey);
}
