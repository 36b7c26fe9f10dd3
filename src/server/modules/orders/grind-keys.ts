import { generateKeyPairSync, randomFillSync, type KeyObject } from 'node:crypto';
// key-crypto, not vault: this runs in the grinder's worker threads, which must not load the vault's repository and
// the database schema (≈2 s and ≈30 MB more per worker).
import { loadSodium, type Sodium } from '../key-crypto';

/** Where one grinder thread gets its candidate keypairs. */
export interface KeySource {
  readonly kind: 'libsodium' | 'openssl';
  /** Derives a fresh candidate and returns its 32-byte public key, valid until the next call. */
  next(): Uint8Array;
  /** seed ‖ public key (the 64-byte form wallets import) of the current candidate, as a new array the caller wipes. */
  secretKey(): Uint8Array;
}

/** Seeds drawn from the CSPRNG per call: one draw of 32 KB costs less than 1,024 draws of 32 bytes. */
const SEEDS_PER_DRAW = 1024;

/**
 * The grinder's keys: every candidate's 32-byte seed comes straight from the CSPRNG (never a counter or a seed
 * derived from another: the Profanity lesson), and its public key is ed25519 of that seed as RFC 8032 and Solana
 * derive it. libsodium's `crypto_sign_seed_keypair` (sodium-native, whose npm package carries the prebuilt
 * binaries) derives ≈69,000 keys per CPU-second here, against ≈29,000 for node:crypto's generateKeyPairSync and
 * raw export, whose cost is mostly OpenSSL's per-key objects (bench/grind.ts). Where the binding cannot load, the
 * grinder falls back to node:crypto. Either way a match's seed is derived again when it is recorded (record-match.ts).
 */
export function createKeySource(sodium: Sodium | null = loadSodium()): KeySource {
  return sodium ? sodiumSource(sodium) : opensslSource();
}

function sodiumSource(sodium: Sodium): KeySource {
  const seeds = new Uint8Array(32 * SEEDS_PER_DRAW);
  const publicKey = new Uint8Array(32);
  const secret = new Uint8Array(64); // libsodium's secret key is seed ‖ public key, Solana's 64-byte form
  let used = SEEDS_PER_DRAW;
  return {
    kind: 'libsodium',
    next() {
      if (used === SEEDS_PER_DRAW) {
        randomFillSync(seeds);
        used = 0;
      }
      const seed = seeds.subarray(used * 32, used * 32 + 32);
      used++;
      sodium.crypto_sign_seed_keypair(publicKey, secret, seed);
      seed.fill(0); // each seed is used once
      return publicKey;
    },
    secretKey() {
      const copy = secret.slice();
      secret.fill(0);
      return copy;
    },
  };
}

function opensslSource(): KeySource {
  let current: { publicKey: Uint8Array; privateKey: KeyObject } | null = null;
  return {
    kind: 'openssl',
    next() {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      current = { publicKey: publicKey.export({ format: 'raw-public' }), privateKey };
      return current.publicKey;
    },
    secretKey() {
      if (!current) throw new Error('No candidate yet');
      const seed = current.privateKey.export({ format: 'raw-private' });
      const secret = new Uint8Array(64);
      secret.set(seed, 0);
      secret.set(current.publicKey, 32);
      seed.fill(0);
      return secret;
    },
  };
}
