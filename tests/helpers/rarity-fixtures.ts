/**
 * Rarity test helpers: real addresses from bytes, and crafted addresses whose only
 * feature is the one a test puts in.
 */
import { getBase58Decoder } from '@solana/kit';

const base58 = getBase58Decoder();

/** Base58 of the bytes (kit's encoder, an independent implementation from ours). */
export function encodeKey(bytes: Uint8Array): string {
  return base58.decode(bytes);
}

export function randomSolanaAddresses(count: number): string[] {
  return Array.from({ length: count }, () => encodeKey(crypto.getRandomValues(new Uint8Array(32))));
}

/**
 * Featureless base58: letters come in pairs between digits (no words), no character repeats next to
 * itself, no sequences, palindromes or digit runs. The analyzer tests check that it scores 'custom'.
 */
export const FILLER = '2Xq7Rt3Vw9Yp4Nz8Ms5Kd6Hf2Jb7Gc3Qe9Ua4Ws8Ek5Tg';

/**
 * A valid Solana address: `prefix` + filler + `suffix`. 44 characters when the prefix leads with '2'…'H'
 * (every such 44-character string is a 32-byte key, since 256^32 / 58^43 ≈ 17.27), else 43 (every
 * 43-character string leading with '5'…'z' is one).
 */
export function craftSolana(prefix: string, suffix = ''): string {
  const first = (prefix || FILLER)[0] as string;
  const length = first >= '2' && first <= 'H' ? 44 : 43;
  return prefix + FILLER.slice(0, length - prefix.length - suffix.length) + suffix;
}

/** A valid all-lower-case Ethereum address (no checksum to satisfy): 0x + prefix + hex filler + suffix. */
export function craftEthereum(prefix: string, suffix = ''): string {
  const filler = '3a7c1e9b4d2f8a6c0e5b7d1f3a9c4e2b8d6f0a1c';
  return `0x${prefix}${filler.slice(0, 40 - prefix.length - suffix.length)}${suffix}`;
}
