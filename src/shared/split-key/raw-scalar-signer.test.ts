import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from '@noble/hashes/utils.js';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createRawScalarSigner, freshNoncePrefix } from './raw-scalar-signer';
import { tweakedPoint, tweakedScalar } from './tweak';
import { randomScalar } from './base-scalar';

const Point = ed25519.Point;
const L = Point.Fn.ORDER;

/** A split key as the browser finishes it: a random a, the shop's t, a' = a + t, a fresh prefix. */
function splitKey() {
  const a = randomScalar();
  const t = randomScalar();
  const address = tweakedPoint(Point.BASE.multiply(a), t).toBytes();
  return { address, signer: createRawScalarSigner(tweakedScalar(a, t), freshNoncePrefix()) };
}

describe('Ed25519 signatures from a raw scalar', () => {
  it('verify with @noble/curves and with tweetnacl under the split-key address', () => {
    for (let i = 0; i < 40; i++) {
      const { address, signer } = splitKey();
      expect(signer.publicKey).toEqual(address);
      const message = randomBytes(i * 17); // empty to a few hundred bytes, like a transaction
      const signature = signer.signBytes(message);
      expect(signature).toHaveLength(64);
      expect(ed25519.verify(signature, message, address)).toBe(true);
      expect(nacl.sign.detached.verify(message, signature, address)).toBe(true);
      // The same signature on another message or under another key fails: the verifiers really check.
      const other = Uint8Array.from([...message, 1]);
      expect(ed25519.verify(signature, other, address)).toBe(false);
      expect(nacl.sign.detached.verify(other, signature, address)).toBe(false);
      expect(nacl.sign.detached.verify(message, signature, splitKey().address)).toBe(false);
    }
  });

  it('takes its nonce from its own prefix: the same scalar with two prefixes gives two R', () => {
    const scalar = randomScalar();
    const message = randomBytes(100);
    const one = createRawScalarSigner(scalar, freshNoncePrefix()).signBytes(message);
    const two = createRawScalarSigner(scalar, freshNoncePrefix()).signBytes(message);
    expect(one.subarray(0, 32)).not.toEqual(two.subarray(0, 32));
    // Deterministic for one prefix, as RFC 8032 is.
    const prefix = freshNoncePrefix();
    expect(createRawScalarSigner(scalar, prefix).signBytes(message)).toEqual(
      createRawScalarSigner(scalar, prefix).signBytes(message),
    );
  });

  it('refuses a scalar out of range or a prefix of the wrong size', () => {
    expect(() => createRawScalarSigner(0n, freshNoncePrefix())).toThrow();
    expect(() => createRawScalarSigner(L, freshNoncePrefix())).toThrow();
    expect(() => createRawScalarSigner(1n, new Uint8Array(31))).toThrow();
  });
});
