import { ed25519 } from '@noble/curves/ed25519.js';
import type { EdwardsPoint } from '@noble/curves/abstract/edwards.js';
import { addInto, fe, feFromBigint, feToBigint, reduceInto, subInto, type Fe } from './field';
import { mulInto } from './field-mul.generated';

/**
 * Walks P + t·G for t = t0, t0 + 1, … and hands out each candidate's 32-byte compressed encoding, the bytes the
 * grinder's pattern test reads (DESIGN.md §14, split key).
 *
 * Cost per candidate: one mixed addition of G in extended coordinates (7 multiplications, no inversion), then,
 * per batch, Montgomery's trick turns the batch's Z coordinates into their inverses with one field inversion and
 * three multiplications each, and two more give the affine y and x. A per-point `toBytes()` would pay one
 * inversion (~250 multiplications' worth) per candidate instead.
 */
export interface PointStepper {
  /** The encoding of P + t·G for the next t; the same array is reused, so read it before the next call. */
  next(): Uint8Array;
  /** t (mod L) of the candidate the last `next()` returned. */
  tweak(): bigint;
}

const Point = ed25519.Point;
const L = Point.Fn.ORDER;
const G = Point.BASE.toAffine();
// G's affine form as the mixed addition wants it: y + x, y − x and 2d·x·y.
const G_Y_PLUS_X = feFromBigint(G.y + G.x);
const G_Y_MINUS_X = feFromBigint(G.y - G.x);
const G_XY_2D = feFromBigint(2n * Point.CURVE().d * G.x * G.y);

export const DEFAULT_BATCH = 256;

export function createPointStepper(basePoint: EdwardsPoint, t0: bigint, batch = DEFAULT_BATCH): PointStepper {
  const start = ((t0 % L) + L) % L;
  const first = basePoint.add(Point.BASE.multiplyUnsafe(start));
  const X = feFromBigint(first.X);
  const Y = feFromBigint(first.Y);
  const Z = feFromBigint(first.Z);
  const T = feFromBigint(first.T);
  const [a, b, c, d, e, f, g, h] = Array.from({ length: 8 }, fe) as [Fe, Fe, Fe, Fe, Fe, Fe, Fe, Fe];

  const slots = (n: number) => {
    const all = new Float64Array(16 * n);
    return Array.from({ length: n }, (_, i) => all.subarray(16 * i, 16 * i + 16));
  };
  const xs = slots(batch);
  const ys = slots(batch);
  const zs = slots(batch);
  const prefix = slots(batch);
  const inverse = fe();
  const zInverse = fe();
  const x = fe();
  const y = fe();
  const encoded = new Uint8Array(32 * batch);
  const views = Array.from({ length: batch }, (_, i) => encoded.subarray(32 * i, 32 * i + 32));

  let batchStart = start; // t of slot 0
  let nextBatchStart = start;
  // The next candidate to hand out: batch = none left, and 0 also before the first `next()`.
  let index = 0;
  let filled = false;

  /** (X, Y, Z, T) += G: extended coordinates, G affine (Hisil–Wong–Carter–Dawson mixed addition, a = −1). */
  function step(): void {
    subInto(a, Y, X);
    mulInto(a, a, G_Y_MINUS_X);
    addInto(b, Y, X);
    mulInto(b, b, G_Y_PLUS_X);
    mulInto(c, T, G_XY_2D);
    addInto(d, Z, Z);
    subInto(e, b, a);
    subInto(f, d, c);
    addInto(g, d, c);
    addInto(h, b, a);
    mulInto(X, e, f);
    mulInto(Y, g, h);
    mulInto(T, e, h);
    mulInto(Z, f, g);
  }

  function fill(): void {
    for (let i = 0; i < batch; i++) {
      xs[i]!.set(X);
      ys[i]!.set(Y);
      zs[i]!.set(Z);
      step();
    }
    // Montgomery's trick: prefix products, one inversion, then each Z's inverse from the running one.
    prefix[0]!.set(zs[0]!);
    for (let i = 1; i < batch; i++) mulInto(prefix[i]!, prefix[i - 1]!, zs[i]!);
    feFromBigint(Point.Fp.inv(feToBigint(prefix[batch - 1]!)), inverse);
    for (let i = batch - 1; i >= 0; i--) {
      if (i > 0) {
        mulInto(zInverse, inverse, prefix[i - 1]!);
        mulInto(inverse, inverse, zs[i]!);
      } else zInverse.set(inverse);
      mulInto(y, ys[i]!, zInverse);
      mulInto(x, xs[i]!, zInverse);
      encode(views[i]!);
    }
    batchStart = nextBatchStart;
    nextBatchStart = (nextBatchStart + BigInt(batch)) % L;
    index = 0;
  }

  /** RFC 8032 encoding of the affine (x, y): y little-endian, the top bit set when x is odd. */
  function encode(out: Uint8Array): void {
    reduceInto(y, y);
    reduceInto(x, x);
    for (let i = 0; i < 16; i++) {
      const limb = y[i]!;
      out[2 * i] = limb & 0xff;
      out[2 * i + 1] = limb >>> 8;
    }
    out[31]! |= (x[0]! & 1) << 7;
  }

  return {
    next() {
      if (!filled || index === batch) {
        fill();
        filled = true;
      }
      return views[index++]!;
    },
    tweak() {
      if (index === 0) throw new Error('no candidate yet');
      return (batchStart + BigInt(index - 1)) % L;
    },
  };
}
