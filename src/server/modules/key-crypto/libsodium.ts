import { createRequire } from 'node:module';

/** The one libsodium call we use (sodium-native's binding): ed25519 keypair from a 32-byte seed (RFC 8032). */
export interface Sodium {
  crypto_sign_seed_keypair(publicKey: Uint8Array, secretKey: Uint8Array, seed: Uint8Array): void;
}

let loaded: Sodium | null | undefined;

/**
 * libsodium through `sodium-native`, whose npm package carries prebuilt binaries for each platform (nothing is
 * compiled or downloaded), or null where it cannot load: callers then derive with node:crypto. It derives an
 * ed25519 public key in ≈14 µs against ≈35–40 µs for OpenSSL's key import and export (`npm run bench -- grind`).
 */
export function loadSodium(): Sodium | null {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)('sodium-native') as Sodium;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}
