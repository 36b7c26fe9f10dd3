import { ed25519, ED25519_TORSION_SUBGROUP } from '@noble/curves/ed25519.js';
import { numberToBytesLE } from '@noble/curves/utils.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '@shared/keys/base58';
import { checkBasePoint } from './base-point';
import { newBaseKey, randomScalar } from './base-scalar';

const Point = ed25519.Point;
const torsion = ED25519_TORSION_SUBGROUP.map((hex) => Point.fromHex(hex, true));
const honest = () => Point.BASE.multiply(randomScalar());

describe('checking a split-key base point', () => {
  it('accepts a·G, as bytes and as base58', () => {
    for (let i = 0; i < 20; i++) {
      const P = honest();
      const check = checkBasePoint(encodeBase58(P.toBytes()));
      expect(check.ok && check.point.equals(P)).toBe(true);
      expect(checkBasePoint(P.toBytes()).ok).toBe(true);
    }
  });

  it("accepts every new browser key's P, which is its scalar times G", () => {
    for (let i = 0; i < 20; i++) {
      const { scalar, basePoint } = newBaseKey();
      expect(scalar > 0n && scalar < Point.Fn.ORDER).toBe(true);
      expect(basePoint).toEqual(Point.BASE.multiply(scalar).toBytes());
      expect(checkBasePoint(basePoint).ok).toBe(true);
    }
  });

  it('refuses the identity and all eight small-order points', () => {
    expect(torsion).toHaveLength(8);
    expect(torsion.some((T) => T.is0())).toBe(true);
    for (const T of torsion) expect(checkBasePoint(T.toBytes())).toEqual({ ok: false, problem: 'SMALL_ORDER' });
  });

  it('refuses a·G plus a torsion point, which is not small order but is not a·G for any a', () => {
    for (const T of torsion) {
      const P = honest();
      const mixed = P.add(T);
      // Not small order: 8·(P + T) = 8·P ≠ 0. So the small-order test alone would let it through.
      expect(mixed.isSmallOrder()).toBe(false);
      expect(checkBasePoint(mixed.toBytes())).toEqual(
        T.is0() ? expect.objectContaining({ ok: true }) : { ok: false, problem: 'MIXED_ORDER' },
      );
    }
  });

  it('refuses bytes that decode to no point, non-canonical encodings and wrong lengths', () => {
    let offCurve = 0;
    for (let i = 0; offCurve < 20; i++) {
      const bytes = randomBytes(32);
      try {
        Point.fromBytes(bytes);
      } catch {
        offCurve++;
        expect(checkBasePoint(bytes)).toEqual({ ok: false, problem: 'NOT_ON_CURVE' });
      }
    }
    // y = p + 1 spells the point y = 1 (the identity) non-canonically.
    const nonCanonical = numberToBytesLE((1n << 255n) - 19n + 1n, 32);
    expect(checkBasePoint(nonCanonical).ok).toBe(false);
    // x = 0 with the sign bit set: a second spelling of (0, 1) and (0, −1).
    const negativeZero = numberToBytesLE(1n, 32);
    negativeZero[31]! |= 0x80;
    expect(checkBasePoint(negativeZero).ok).toBe(false);
    expect(checkBasePoint(new Uint8Array(31))).toEqual({ ok: false, problem: 'INVALID_ENCODING' });
    expect(checkBasePoint('not base58 0OIl')).toEqual({ ok: false, problem: 'INVALID_ENCODING' });
  });
});
