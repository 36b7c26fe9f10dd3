import { createCipheriv, createDecipheriv, hkdfSync, randomFillSync } from 'node:crypto';
import { decodeStrictBase64, encodeBase64 } from './base64';
import { MASTER_KEY_BYTES } from './master-key';
import { SECRET_KEY_BYTES } from './secret-key-encoding';

// The master key helpers live beside this file; re-exported here because they belong to the cipher's API.
export { generateMasterKey, masterKeyToBase64, parseMasterKey } from './master-key';

/** A stored key could not be decrypted. Deliberately without details: which check failed helps only attackers. */
export class VaultDecryptError extends Error {
  override readonly name = 'VaultDecryptError';
  constructor() {
    super('The stored private key could not be decrypted');
  }
}

/** One `encrypted_keys` row, every field base64. The GCM tag is the last 16 bytes of `encryptedPrivateKey`. */
export interface EncryptedKeyRow {
  encryptedPrivateKey: string;
  salt: string;
  iv: string;
}

export interface VaultCipher {
  encrypt(address: string, secretKey: Uint8Array): EncryptedKeyRow;
  decrypt(address: string, row: EncryptedKeyRow): Uint8Array;
}

const SALT_BYTES = 16;
const IV_BYTES = 12; // the GCM standard nonce size
const TAG_BYTES = 16;
// Versioned so a future scheme can derive different keys from the same master key.
const HKDF_INFO = 'vanity-vault/key/v1';
const RANDOM_BATCH_BYTES = 256 * (SALT_BYTES + IV_BYTES);

/**
 * AES-256-GCM with a fresh data key per row: HKDF-SHA256(master key, random salt). The listing address is
 * the additional authenticated data, so a ciphertext copied onto another address's row fails to decrypt
 * instead of handing one buyer another listing's key.
 */
export function createVaultCipher(masterKey: Uint8Array): VaultCipher {
  if (masterKey.length !== MASTER_KEY_BYTES) throw new TypeError('The vault master key must be 32 bytes');
  const master = Buffer.from(masterKey); // our own copy: the caller may wipe theirs

  const dataKey = (salt: Uint8Array) => Buffer.from(hkdfSync('sha256', master, salt, HKDF_INFO, 32));
  // Salts and IVs (not secret: they are stored beside the ciphertext) come from the CSPRNG in batches: one call
  // per 256 keys instead of two per key, which matters on 100,000-row bulk uploads.
  let random = Buffer.alloc(0);
  let used = 0;
  const fresh = (n: number) => {
    if (used + n > random.length) {
      random = randomFillSync(Buffer.allocUnsafeSlow(RANDOM_BATCH_BYTES));
      used = 0;
    }
    used += n;
    return random.subarray(used - n, used);
  };
  const aad = (address: string) => Buffer.from(address, 'utf8');

  return {
    encrypt(address, secretKey) {
      if (typeof address !== 'string' || address === '') throw new TypeError('An address is required');
      if (secretKey.length !== SECRET_KEY_BYTES) throw new TypeError('A secret key is 64 bytes');
      const salt = fresh(SALT_BYTES);
      const iv = fresh(IV_BYTES);
      const key = dataKey(salt);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(address));
      const sealed = Buffer.concat([cipher.update(secretKey), cipher.final(), cipher.getAuthTag()]);
      key.fill(0);
      return { encryptedPrivateKey: encodeBase64(sealed), salt: encodeBase64(salt), iv: encodeBase64(iv) };
    },

    decrypt(address, row) {
      const sealed = decodeStrictBase64(row?.encryptedPrivateKey);
      const salt = decodeStrictBase64(row?.salt);
      const iv = decodeStrictBase64(row?.iv);
      if (!sealed || !salt || !iv || typeof address !== 'string') throw new VaultDecryptError();
      if (salt.length !== SALT_BYTES || iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) {
        throw new VaultDecryptError();
      }
      const key = dataKey(salt);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(address));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
        const secretKey = new Uint8Array(plain);
        plain.fill(0);
        if (secretKey.length !== SECRET_KEY_BYTES) throw new VaultDecryptError();
        return secretKey;
      } catch {
        // OpenSSL's "Unsupported state or unable to authenticate data" says nothing useful to a user.
        throw new VaultDecryptError();
      } finally {
        key.fill(0);
      }
    },
  };
}
