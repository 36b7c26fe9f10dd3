import { analyzeAddress, type RarityReport } from '@shared/rarity/server';
// Deep imports into vault on purpose: this file runs in the bulk seal workers, and the vault's index also loads its
// repository and the database schema into each worker thread (≈2 s and ≈30 MB more each, see bulk-crypto.worker.ts).
// eslint-disable-next-line no-restricted-imports -- see above
import type { EncryptedKeyRow, VaultCipher } from '../vault/cipher';
// eslint-disable-next-line no-restricted-imports -- see above
import { KeyFormatError } from '../vault/key-formats';
// eslint-disable-next-line no-restricted-imports -- see above
import { OwnershipError, proveOwnership, type OwnershipFailure } from '../vault/ownership';

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
