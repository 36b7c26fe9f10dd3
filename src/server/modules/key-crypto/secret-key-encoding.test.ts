import { describe, expect, it } from 'vitest';
import {
  addressOfSecretKey,
  isConsistentSecretKey,
  publicKeyFromSeed,
  publicKeyFromSeedViaDer,
  publicKeyFromSeedViaOpenSsl,
  secretKeyFromSeed,
  secretKeyToBase58,
} from './secret-key-encoding';
import { newKeypair } from '@tests/helpers/keypair';

describe('secret key encoding', () => {
  it('derives the same public keys as @noble/curves', () => {
    for (let i = 0; i < 100; i++) {
      const k = newKeypair();
      expect(publicKeyFromSeed(k.seed)).toEqual(k.publicKey);
      expect(secretKeyFromSeed(k.seed)).toEqual(k.secretKey);
      expect(addressOfSecretKey(k.secretKey)).toBe(k.address);
    }
  });

  it('derives the same public keys with OpenSSL, where libsodium cannot load', () => {
    for (let i = 0; i < 20; i++) {
      const k = newKeypair();
      expect(publicKeyFromSeedViaOpenSsl(k.seed)).toEqual(k.publicKey);
    }
  });

  it('derives the same public keys on the path for Node versions without raw key import', () => {
    for (let i = 0; i < 20; i++) {
      const k = newKeypair();
      expect(publicKeyFromSeedViaDer(k.seed)).toEqual(k.publicKey);
    }
  });

  it('matches the RFC 8032 test vector 1', () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    expect(Buffer.from(publicKeyFromSeed(seed)).toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
  });

  it('writes the base58 text Phantom imports', () => {
    const k = newKeypair();
    expect(secretKeyToBase58(k.secretKey)).toBe(k.forms.base58Secret);
    expect(() => secretKeyToBase58(k.seed)).toThrow(TypeError);
  });

  it('detects a secret key whose halves disagree', () => {
    const a = newKeypair();
    const b = newKeypair();
    expect(isConsistentSecretKey(a.secretKey)).toBe(true);
    expect(isConsistentSecretKey(new Uint8Array([...a.seed, ...b.publicKey]))).toBe(false);
    expect(isConsistentSecretKey(a.seed)).toBe(false);
  });
});
