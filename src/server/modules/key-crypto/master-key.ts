import { randomBytes } from 'node:crypto';
import { decodeStrictBase64 } from './base64';

export const MASTER_KEY_BYTES = 32;

/** A bad VAULT_MASTER_KEY. The message names the variable, never its value. */
export class MasterKeyError extends Error {
  override readonly name = 'MasterKeyError';
}

/** VAULT_MASTER_KEY (base64 of exactly 32 bytes) → key bytes. */
export function parseMasterKey(base64: string): Uint8Array {
  const text = typeof base64 === 'string' ? base64.trim() : '';
  if (text === '') throw new MasterKeyError('VAULT_MASTER_KEY is empty: set it to the base64 of 32 random bytes');
  const bytes = decodeStrictBase64(text);
  if (!bytes) throw new MasterKeyError('VAULT_MASTER_KEY is not valid base64');
  if (bytes.length !== MASTER_KEY_BYTES) {
    throw new MasterKeyError(`VAULT_MASTER_KEY must be the base64 of exactly 32 bytes; got ${bytes.length} bytes`);
  }
  // An all-zero key is a placeholder someone forgot to replace, not a secret.
  if (bytes.every((b) => b === 0)) throw new MasterKeyError('VAULT_MASTER_KEY must not be all zeros');
  return bytes;
}

export function generateMasterKey(): Uint8Array {
  return new Uint8Array(randomBytes(MASTER_KEY_BYTES));
}

/** The form VAULT_MASTER_KEY and DATA_DIR/master.key hold. */
export function masterKeyToBase64(key: Uint8Array): string {
  return Buffer.from(key).toString('base64');
}
