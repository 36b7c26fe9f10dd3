import { analyzeAddress, type RarityReport } from '@server/rarity';
// key-crypto, not vault: this file runs in the bulk seal workers, which must not load the vault's repository and
// the database schema (≈2 s and ≈30 MB more per worker thread).
import {
  KeyFormatError,
  OwnershipError,
  proveOwnership,
  type EncryptedKeyRow,
  type OwnershipFailure,
  type VaultCipher,
} from '../key-crypto';

export interface SealInput {
  address: string;
  privateKey: string;
  pattern?: string | undefined;
}

/** Why a key was refused: it could not be read, or the vault's ownership proof failed (and how). */
export type SealRefusal = 'key-format' | OwnershipFailure;

export type SealResult =
  | { ok: true; encrypted: EncryptedKeyRow; report: RarityReport }
  /** `reason` comes from the vault's errors, which never quote the key. */
  | { ok: false; refusal: SealRefusal; reason: string };

/**
 * The per-listing crypto and scoring (the expensive part of a create): prove the key controls the address,
 * encrypt it for the vault with the address as AAD, and run the rarity engine. Pure apart from randomness, so
 * the bulk workers run exactly this.
 */
export function sealListing(cipher: VaultCipher, input: SealInput, baseValueMultiplier: number): SealResult {
  let secretKey: Uint8Array;
  try {
    secretKey = proveOwnership(input.address, input.privateKey).secretKey;
  } catch (err) {
    if (err instanceof KeyFormatError) return { ok: false, refusal: 'key-format', reason: err.message };
    if (err instanceof OwnershipError) return { ok: false, refusal: err.kind, reason: err.message };
    throw err;
  }
  try {
    const encrypted = cipher.encrypt(input.address, secretKey);
    const report = analyzeAddress(input.address, { network: 'solana', pattern: input.pattern, baseValueMultiplier });
    return { ok: true, encrypted, report };
  } finally {
    secretKey.fill(0);
  }
}
