import { describe, expect, it } from 'vitest';
import { VaultDecryptError, createVaultCipher, type EncryptedKeyRow } from './cipher';
import { generateMasterKey } from './master-key';
import { newKeypair } from '@tests/helpers/keypair';

function flipByte(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[index % bytes.length]! ^= 0x01;
  return bytes.toString('base64');
}

describe('vault cipher', () => {
  const cipher = createVaultCipher(generateMasterKey());

  it('round-trips a secret key under its address', () => {
    const k = newKeypair();
    const row = cipher.encrypt(k.address, k.secretKey);
    expect(cipher.decrypt(k.address, row)).toEqual(k.secretKey);
  });

  it('stores base64 of a 16-byte salt, a 12-byte IV and 64 bytes + 16-byte tag', () => {
    const k = newKeypair();
    const row = cipher.encrypt(k.address, k.secretKey);
    expect(Buffer.from(row.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(row.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(row.encryptedPrivateKey, 'base64')).toHaveLength(80);
  });

  it('uses a fresh salt and IV every time', () => {
    const k = newKeypair();
    const a = cipher.encrypt(k.address, k.secretKey);
    const b = cipher.encrypt(k.address, k.secretKey);
    expect(a.salt).not.toBe(b.salt);
    expect(a.iv).not.toBe(b.iv);
    expect(a.encryptedPrivateKey).not.toBe(b.encryptedPrivateKey);
  });

  it('does not contain the key in base58, hex, base64 or raw bytes', () => {
    const k = newKeypair();
    const row = cipher.encrypt(k.address, k.secretKey);
    const stored = JSON.stringify(row);
    const raw = Buffer.concat(Object.values(row).map((v) => Buffer.from(v, 'base64')));
    const seed = Buffer.from(k.seed);
    for (const form of [
      k.forms.base58Secret,
      k.forms.base58Seed,
      k.forms.hexSeed,
      seed.toString('base64'),
      seed.toString('base64url'),
    ]) {
      expect(stored).not.toContain(form.slice(0, 16));
    }
    for (let i = 0; i + 8 <= 32; i += 4) expect(raw.includes(seed.subarray(i, i + 8))).toBe(false);
  });

  it('refuses a ciphertext moved to another address', () => {
    const a = newKeypair();
    const b = newKeypair();
    const row = cipher.encrypt(a.address, a.secretKey);
    expect(() => cipher.decrypt(b.address, row)).toThrow(VaultDecryptError);
  });

  it('refuses any flipped byte in ciphertext, tag, salt or IV', () => {
    const k = newKeypair();
    const row = cipher.encrypt(k.address, k.secretKey);
    const tampered: EncryptedKeyRow[] = [
      { ...row, encryptedPrivateKey: flipByte(row.encryptedPrivateKey, 0) },
      { ...row, encryptedPrivateKey: flipByte(row.encryptedPrivateKey, 79) }, // in the tag
      { ...row, salt: flipByte(row.salt, 3) },
      { ...row, iv: flipByte(row.iv, 5) },
    ];
    for (const t of tampered) expect(() => cipher.decrypt(k.address, t)).toThrow(VaultDecryptError);
  });

  it('refuses under another master key', () => {
    const k = newKeypair();
    const row = cipher.encrypt(k.address, k.secretKey);
    expect(() => createVaultCipher(generateMasterKey()).decrypt(k.address, row)).toThrow(VaultDecryptError);
  });

  it('refuses malformed rows with the same detail-free error', () => {
    const k = newKeypair();
    const row = cipher.encrypt(k.address, k.secretKey);
    const broken: EncryptedKeyRow[] = [
      { ...row, encryptedPrivateKey: '' },
      { ...row, encryptedPrivateKey: row.encryptedPrivateKey.slice(0, 20) + '!!' + row.encryptedPrivateKey.slice(22) },
      {
        ...row,
        encryptedPrivateKey: Buffer.from(row.encryptedPrivateKey, 'base64').subarray(0, 16).toString('base64'),
      },
      { ...row, salt: Buffer.alloc(8).toString('base64') },
      { ...row, iv: 'not base64' },
    ];
    for (const b of broken) {
      expect(() => cipher.decrypt(k.address, b)).toThrow('The stored private key could not be decrypted');
    }
  });

  it('is not affected when the caller wipes its master key buffer', () => {
    const master = generateMasterKey();
    const own = createVaultCipher(master);
    const k = newKeypair();
    const row = own.encrypt(k.address, k.secretKey);
    master.fill(0);
    expect(own.decrypt(k.address, row)).toEqual(k.secretKey);
  });

  it('refuses to encrypt anything but a 64-byte key, or without an address', () => {
    const k = newKeypair();
    expect(() => cipher.encrypt(k.address, k.seed)).toThrow(TypeError);
    expect(() => cipher.encrypt('', k.secretKey)).toThrow(TypeError);
    expect(() => createVaultCipher(new Uint8Array(16))).toThrow(TypeError);
  });
});
