import { createPrivateKey, createPublicKey, timingSafeEqual } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';

/** Bytes of a Solana secret key: the 32-byte ed25519 seed followed by the 32-byte public key. */
export const SECRET_KEY_BYTES = 64;
export const SEED_BYTES = 32;

// PKCS#8 header of an Ed25519 private key (RFC 8410); the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const base58 = getBase58Decoder();

/**
 * The ed25519 public key of a 32-byte seed. Uses Node's OpenSSL rather than @noble/curves: it is about three
 * times faster (≈10k vs ≈3k keys/s on the 2-core dev box), which matters for 100,000-row bulk uploads.
 */
export function publicKeyFromSeed(seed: Uint8Array): Uint8Array {
  if (seed.length !== SEED_BYTES) throw new TypeError('An ed25519 seed is 32 bytes');
  const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
  try {
    const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    return new Uint8Array(spki.subarray(spki.length - 32));
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
  return base58.decode(publicKey);
}

/** The address a 64-byte secret key controls, derived from its seed (its stored second half is not trusted). */
export function addressOfSecretKey(secretKey: Uint8Array): string {
  if (secretKey.length !== SECRET_KEY_BYTES) throw new TypeError('A secret key is 64 bytes');
  return publicKeyToAddress(publicKeyFromSeed(secretKey.subarray(0, SEED_BYTES)));
}

/** The base58 text of a 64-byte secret key, as Phantom's "Import private key" expects it. */
export function secretKeyToBase58(secretKey: Uint8Array): string {
  if (secretKey.length !== SECRET_KEY_BYTES) throw new TypeError('A secret key is 64 bytes');
  return base58.decode(secretKey);
}
