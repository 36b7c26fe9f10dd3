import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/curves/utils.js';
import { describe, expect, it } from 'vitest';
import { createPointStepper } from './point-stepper';
import { tweakedScalar } from './tweak';
import { randomScalar } from './base-scalar';

/** An integer in [from, to): test inputs only, so Math.random is enough. */
const randomInt = (from: number, to?: number) =>
  to === undefined ? Math.floor(Math.random() * from) : from + Math.floor(Math.random() * (to - from));

const Point = ed25519.Point;
const L = Point.Fn.ORDER;
const hex = bytesToHex;

describe('stepping P + t·G with batched normalisation', () => {
  it('gives the encoding of (a + t)·G, by noble’s own scalar multiplication, in 1,000 random cases', () => {
    // Batch sizes include 1 (no sharing of the inversion) and sizes the walk crosses several times.
    const batches = [1, 3, 16, 64, 256];
    for (let i = 0; i < 1_000; i++) {
      const a = randomScalar();
      // Start anywhere, sometimes just below L so t wraps around mid-walk.
      const t0 = i % 10 === 0 ? L - BigInt(randomInt(1, 300)) : randomScalar();
      const batch = batches[i % batches.length]!;
      const stepper = createPointStepper(Point.BASE.multiply(a), t0, batch);
      const steps = randomInt(1, 3 * batch + 40);
      let bytes: Uint8Array = new Uint8Array();
      for (let s = 0; s < steps; s++) bytes = stepper.next();
      const t = stepper.tweak();
      expect(t).toBe((t0 + BigInt(steps - 1)) % L);
      const expected = Point.BASE.multiplyUnsafe(tweakedScalar(a, t)).toBytes();
      expect(hex(bytes), `case ${i}: batch ${batch}, ${steps} steps`).toBe(hex(expected));
    }
  });

  it('walks every t in order, each candidate one G further', () => {
    const a = randomScalar();
    const stepper = createPointStepper(Point.BASE.multiply(a), 5n, 8);
    let point = Point.BASE.multiply(tweakedScalar(a, 5n));
    for (let s = 0; s < 40; s++) {
      expect(hex(stepper.next())).toBe(hex(point.toBytes()));
      expect(stepper.tweak()).toBe(5n + BigInt(s));
      point = point.add(Point.BASE);
    }
  });

  it('has no tweak before the first candidate', () => {
    expect(() => createPointStepper(Point.BASE, 0n, 4).tweak()).toThrow();
  });
});
