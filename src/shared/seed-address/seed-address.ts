import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';

/**
 * Seed-derived addresses (DESIGN.md §14, "no key at all"): Solana's `create_with_seed`, the address that
 * `CreateAccountWithSeed` creates, is SHA-256(base ‖ seed ‖ owner) with the seed's UTF-8 bytes. Nobody has its
 * key because it is not a curve point's encoding chosen by anyone: the base wallet signs for it.
 */
export const MAX_SEED_BYTES = 32;
/** Solana refuses owners ending in this marker, so that such an address can never be passed off as a PDA. */
export const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress');
/** The characters the shop grinds seeds from: base58's, so a seed never holds a look-alike 0/O or I/l. */
export const SEED_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export type SeedAddressProblem = 'SEED_TOO_LONG' | 'OWNER_IS_PDA_MARKER' | 'INVALID_KEY_LENGTH';

/** What Solana's `create_with_seed` would refuse, or null. Any UTF-8 seed of ≤ 32 bytes is Solana's to accept. */
export function seedAddressProblem(base: Uint8Array, seed: string, owner: Uint8Array): SeedAddressProblem | null {
  if (base.length !== 32 || owner.length !== 32) return 'INVALID_KEY_LENGTH';
  if (new TextEncoder().encode(seed).length > MAX_SEED_BYTES) return 'SEED_TOO_LONG';
  if (endsWithPdaMarker(owner)) return 'OWNER_IS_PDA_MARKER';
  return null;
}

/** Is `seed` one the shop could have ground (its alphabet, 1–32 characters)? For checking a delivered seed. */
export const isGrindSeed = (seed: string): boolean =>
  seed.length > 0 && seed.length <= MAX_SEED_BYTES && [...seed].every((c) => SEED_ALPHABET.includes(c));

export function endsWithPdaMarker(owner: Uint8Array): boolean {
  const from = owner.length - PDA_MARKER.length;
  return from >= 0 && PDA_MARKER.every((byte, i) => owner[from + i] === byte);
}

/** SHA-256(base ‖ seed ‖ owner): the address's 32 bytes. Throws on what Solana would refuse. */
export function seedAddressBytes(base: Uint8Array, seed: string, owner: Uint8Array): Uint8Array {
  const problem = seedAddressProblem(base, seed, owner);
  if (problem) throw new Error(`seed-derived address refused: ${problem}`);
  return sha256(concatBytes(base, new TextEncoder().encode(seed), owner));
}
