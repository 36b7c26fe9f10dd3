import { bytesToNumberLE } from '@noble/curves/utils.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { addInto, fe, feFromBigint, feToBigint, P, reduceInto, subInto } from './field';
import { mulInto } from './field-mul.generated';

const randomField = () => bytesToNumberLE(randomBytes(32)) % P;
const edges = [0n, 1n, 2n, 19n, P - 1n, P - 2n, (1n << 255n) - 20n, (1n << 128n) - 1n];

describe('limb arithmetic mod 2^255 − 19', () => {
  it('multiplies like bigints, on canonical inputs and on the stepper-sized sums and differences', () => {
    const values = [...edges, ...Array.from({ length: 500 }, randomField)];
    const [a, b, s, d, out] = [fe(), fe(), fe(), fe(), fe()];
    for (let i = 0; i < values.length; i++) {
      const x = values[i]!;
      const y = values[(i * 7 + 3) % values.length]!;
      feFromBigint(x, a);
      feFromBigint(y, b);
      mulInto(out, a, b);
      expect(feToBigint(out)).toBe((x * y) % P);
      // Lazy values as the stepper feeds them: a sum times a difference of two products.
      mulInto(s, a, b);
      addInto(s, s, s);
      subInto(d, a, out);
      mulInto(out, s, d);
      const want = (((2n * x * y) % P) * ((x - ((x * y) % P) + P) % P)) % P;
      expect(feToBigint(out)).toBe(want);
    }
  });

  it('reduces to the canonical limbs', () => {
    const out = fe();
    for (const x of [...edges, ...Array.from({ length: 200 }, randomField)]) {
      // The same value plus p, spread over uneven limbs, must come back canonical.
      const limbs = feFromBigint(x);
      limbs[0]! += 0xffed;
      for (let i = 1; i < 15; i++) limbs[i]! += 0xffff;
      limbs[15]! += 0x7fff;
      reduceInto(out, limbs);
      expect(feToBigint(out)).toBe(x);
      expect([...out].every((limb) => limb >= 0 && limb < 65536)).toBe(true);
      expect(out.reduce((v, limb, i) => v + BigInt(limb) * (1n << BigInt(16 * i)), 0n)).toBe(x);
    }
  });
});
