import { createPrivateKey, createPublicKey } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { createKeySource, type KeySource } from './grind-keys';

/** The public key node:crypto (OpenSSL) derives from a 32-byte seed: the reference the grinder must agree with. */
function opensslPublicKey(seed: Uint8Array): Uint8Array {
  const key = createPrivateKey({ key: Buffer.from(seed), format: 'raw-private', asymmetricKeyType: 'ed25519' });
  return Uint8Array.from(createPublicKey(key).export({ format: 'raw-public' }));
}

function expectSound(source: KeySource, candidates: number) {
  const seen = new Set<string>();
  for (let i = 0; i < candidates; i++) {
    const publicKey = Uint8Array.from(source.next());
    // Every candidate is checked against its own seed, as a match would be.
    const secret = source.secretKey();
    expect(secret).toHaveLength(64);
    const seed = secret.subarray(0, 32);
    expect(Uint8Array.from(secret.subarray(32))).toEqual(publicKey);
    expect(opensslPublicKey(seed)).toEqual(publicKey);
    expect(ed25519.getPublicKey(seed)).toEqual(publicKey);
    seen.add(Buffer.from(seed).toString('hex'));
  }
  expect(seen.size).toBe(candidates); // a fresh seed every time
}

describe('the grinder key source', () => {
  it('derives with libsodium here: every public key is ed25519 of its own fresh seed', () => {
    const source = createKeySource();
    expect(source.kind).toBe('libsodium');
    // More than one CSPRNG draw of seeds (1,024 per draw).
    expectSound(source, 2_100);
  });

  it('falls back to node:crypto when the native binding cannot load, with the same guarantees', () => {
    const source = createKeySource(null);
    expect(source.kind).toBe('openssl');
    expectSound(source, 200);
  });

  it('wipes its copy of a secret key once handed out', () => {
    const source = createKeySource();
    source.next();
    const first = source.secretKey();
    expect(first.some((b) => b !== 0)).toBe(true);
    expect(source.secretKey().every((b) => b === 0)).toBe(true);
  });
});
