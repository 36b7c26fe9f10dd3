import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';

const b58 = getBase58Decoder();

/**
 * A fresh random keypair in every form the vault accepts, for tests. Generated with @noble/curves so the
 * tests check the vault's own (OpenSSL) derivation against an independent implementation.
 */
export function makeTestKey() {
  const seed = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(seed);
  const secretKey = new Uint8Array([...seed, ...publicKey]);
  return {
    seed,
    publicKey,
    secretKey,
    address: b58.decode(publicKey),
    base58Secret: b58.decode(secretKey),
    base58Seed: b58.decode(seed),
    hexSeed: Buffer.from(seed).toString('hex'),
    jsonArray: JSON.stringify(Array.from(secretKey)),
  };
}

/** Fails when `message` contains any 8-character stretch of `input`: no part of a key may leak. */
export function leaksPartOf(message: string, input: string): boolean {
  const text = input.trim();
  for (let i = 0; i + 8 <= text.length; i++) {
    if (message.includes(text.slice(i, i + 8))) return true;
  }
  return false;
}
