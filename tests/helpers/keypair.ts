import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';

const b58 = getBase58Decoder(); // kit's "decoder" turns bytes into base58 text

/**
 * The one keypair factory of the tests: a fresh ed25519 key per call, so no test holds a fixed private key.
 * Derived with @noble/curves, an implementation independent of the vault's (OpenSSL or libsodium), so tests check
 * the vault's derivation rather than repeat it.
 */
export interface TestKeypair {
  address: string;
  seed: Uint8Array;
  publicKey: Uint8Array;
  /** seed ‖ publicKey: the 64-byte form wallets import. */
  secretKey: Uint8Array;
  /** Every accepted private-key form (docs/domain.md#key-vault), to feed the API and to search output for. */
  forms: {
    base58Secret: string;
    base58Seed: string;
    hexSeed: string;
    hexSecret: string;
    base64Secret: string;
    jsonArray: string;
  };
  /** An ed25519 signature by this key, e.g. over a sign-in message. */
  sign(message: Uint8Array): Uint8Array;
}

export function newKeypair(): TestKeypair {
  const seed = new Uint8Array(randomBytes(32));
  const publicKey = ed25519.getPublicKey(seed);
  const secretKey = new Uint8Array([...seed, ...publicKey]);
  return {
    address: b58.decode(publicKey),
    seed,
    publicKey,
    secretKey,
    forms: {
      base58Secret: b58.decode(secretKey),
      base58Seed: b58.decode(seed),
      hexSeed: Buffer.from(seed).toString('hex'),
      hexSecret: Buffer.from(secretKey).toString('hex'),
      base64Secret: Buffer.from(secretKey).toString('base64'),
      jsonArray: JSON.stringify([...secretKey]),
    },
    sign: (message) => ed25519.sign(message, seed),
  };
}

/** A fresh keypair whose address matches a pattern (ground here, in the test: patterns are kept short). */
export function keypairMatching(p: {
  pattern: string;
  position: 'prefix' | 'suffix' | 'anywhere';
  caseSensitive: boolean;
}): TestKeypair {
  const want = p.caseSensitive ? p.pattern : p.pattern.toLowerCase();
  for (let i = 0; i < 2_000_000; i += 1) {
    const keypair = newKeypair();
    const text = p.caseSensitive ? keypair.address : keypair.address.toLowerCase();
    const hit =
      p.position === 'prefix'
        ? text.startsWith(want)
        : p.position === 'suffix'
          ? text.endsWith(want)
          : text.includes(want);
    if (hit) return keypair;
  }
  throw new Error(`no keypair matching ${p.pattern} found`);
}
