import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { encodeBase58 } from '@shared/keys/base58';

export interface Candidate {
  publicKey: Uint8Array;
  privateKey: KeyObject;
}

/**
 * One candidate keypair: a fresh ed25519 key from OpenSSL, whose 32-byte seed OpenSSL draws from its CSPRNG
 * for every key (never a counter or a seed derived from another: the Profanity lesson). Only the public key is
 * exported per candidate; the seed is read out only for a match. generateKeyPairSync is the fastest derivation
 * measured here (bench/grind.ts compares it with importing a randomBytes seed and with @noble/curves).
 * The candidate is not base58-encoded: the order's pattern is tested on its raw bytes (grind-key-match.ts), and
 * only a match is encoded (`addressOf`).
 */
export function candidate(): Candidate {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: publicKey.export({ format: 'raw-public' }), privateKey };
}

export function addressOf(c: Candidate): string {
  return encodeBase58(c.publicKey);
}

/** seed ‖ public key (the 64-byte form wallets import) of a matched candidate. The caller wipes it. */
export function secretKeyOf(c: Candidate): Uint8Array {
  const seed = c.privateKey.export({ format: 'raw-private' });
  const secret = new Uint8Array(64);
  secret.set(seed, 0);
  secret.set(c.publicKey, 32);
  seed.fill(0);
  return secret;
}
