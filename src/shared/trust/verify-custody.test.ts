import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { encodeCustodyMessage } from './custody-message';
import { verifyCustodyProof } from './verify-custody';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function signedProof(opts: { origin?: string; challenge?: string } = {}) {
  const seed = ed25519.utils.randomSecretKey();
  const address = getBase58Decoder().decode(ed25519.getPublicKey(seed));
  const challenge = opts.challenge ?? 'q1w2e3r4t5y6u7i8o9p0aA==';
  const message = encodeCustodyMessage({
    address,
    origin: opts.origin ?? 'https://shop.example',
    challenge,
    issuedAt: '2026-01-02T03:04:05.000Z',
  });
  return {
    address,
    challenge,
    seed,
    message,
    proof: { message: b64(message), signature: b64(ed25519.sign(message, seed)), address },
  };
}

describe('verifyCustodyProof', () => {
  it('accepts a proof for this address, origin and challenge', () => {
    const { address, challenge, proof } = signedProof();
    expect(verifyCustodyProof(proof, { address, origin: 'https://shop.example', challenge })).toEqual({
      ok: true,
      issuedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('refuses another origin, another challenge, another address and a bad signature', () => {
    const { address, challenge, proof, message } = signedProof();
    const expected = { address, origin: 'https://shop.example', challenge };
    expect(verifyCustodyProof(proof, { ...expected, origin: 'https://evil.example' }).ok).toBe(false);
    expect(verifyCustodyProof(proof, { ...expected, challenge: 'AAAAAAAAAAAAAAAAAAAAAA==' }).ok).toBe(false);
    const other = signedProof();
    expect(verifyCustodyProof(proof, { ...expected, address: other.address }).ok).toBe(false);
    const flipped = new Uint8Array(message);
    flipped[flipped.length - 3]! ^= 1;
    expect(verifyCustodyProof({ ...proof, message: b64(flipped) }, expected)).toEqual({
      ok: false,
      reason: 'The signature does not verify against this address',
    });
    expect(verifyCustodyProof({ ...proof, signature: other.proof.signature }, expected).ok).toBe(false);
    expect(verifyCustodyProof({ ...proof, message: 'AAAA' }, expected).ok).toBe(false);
  });
});
