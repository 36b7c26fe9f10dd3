import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';
import { decodeTweak, encodeTweak, scalarControls, tweakedPoint, tweakedScalar } from './tweak';
import { randomScalar } from './base-scalar';

const Point = ed25519.Point;
const L = Point.Fn.ORDER;

describe('the tweak t and the scalar a + t', () => {
  it('spells t as base58 of its 32 little-endian bytes, both ways', () => {
    expect(decodeBase58(encodeTweak(1n))).toEqual(Uint8Array.from([1, ...new Array(31).fill(0)]));
    for (const t of [0n, 1n, L - 1n, randomScalar()]) expect(decodeTweak(encodeTweak(t))).toBe(t);
    expect(() => encodeTweak(L)).toThrow();
    const atL = new Uint8Array(32);
    let v = L;
    for (let i = 0; i < 32; i++, v >>= 8n) atL[i] = Number(v & 0xffn);
    expect(decodeTweak(encodeBase58(atL))).toBeNull();
    expect(decodeTweak(encodeBase58(new Uint8Array(31)))).toBeNull();
  });

  it('a + t controls P + t·G, and a alone or a wrong t does not', () => {
    for (let i = 0; i < 50; i++) {
      const a = randomScalar();
      const t = randomScalar();
      const address = tweakedPoint(Point.BASE.multiply(a), t).toBytes();
      expect(scalarControls(tweakedScalar(a, t), address)).toBe(true);
      expect(scalarControls(a, address)).toBe(false);
      expect(scalarControls(tweakedScalar(a, t + 1n), address)).toBe(false);
    }
  });
});
