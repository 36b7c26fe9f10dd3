/**
 * Arithmetic mod p = 2^255 − 19 for the split-key stepper's inner loop: an element is 16 limbs of 16 bits in a
 * Float64Array (value = Σ limb_i · 2^(16·i)), so products are exact in doubles and nothing is allocated per
 * operation. Limbs may run out of [0, 2^16), negative too, between operations; `mulInto` carries them back and
 * `reduceInto` gives the canonical value. bigint is the slower road here: each of the ≈13 multiplications per
 * candidate allocated several intermediate bigints (≈350 ns against ≈180 ns for the unrolled limbs).
 */
export type Fe = Float64Array;

export const LIMBS = 16;
export const P = (1n << 255n) - 19n;
const RADIX = 65536;

export const fe = (): Fe => new Float64Array(LIMBS);

export function feFromBigint(value: bigint, out: Fe = fe()): Fe {
  let v = ((value % P) + P) % P;
  for (let i = 0; i < LIMBS; i++, v >>= 16n) out[i] = Number(v & 0xffffn);
  return out;
}

/** The value mod p of any limbs (out of range or negative). Slow: for the one inversion per batch. */
export function feToBigint(a: Fe): bigint {
  let v = 0n;
  for (let i = LIMBS - 1; i >= 0; i--) v = (v << 16n) + BigInt(a[i]!);
  return ((v % P) + P) % P;
}

export function addInto(out: Fe, a: Fe, b: Fe): void {
  for (let i = 0; i < LIMBS; i++) out[i] = a[i]! + b[i]!;
}

/** Limbs may go negative: `mulInto`'s floor-division carries handle them. */
export function subInto(out: Fe, a: Fe, b: Fe): void {
  for (let i = 0; i < LIMBS; i++) out[i] = a[i]! - b[i]!;
}

export function copyInto(out: Fe, a: Fe): void {
  out.set(a);
}

/**
 * out = the canonical representative in [0, p) of `a`, limbs in [0, 2^16). Two carry passes bring any output of
 * `mulInto` (or sums and differences of two) into [0, 2^256), repeated while a carry still comes out of the top
 * limb; 2^256 is below 2p + 38, so p is then subtracted at most twice.
 */
export function reduceInto(out: Fe, a: Fe): void {
  if (out !== a) out.set(a);
  let c = 1;
  while (c !== 0 || out[0]! >= RADIX) {
    c = 0;
    for (let i = 0; i < LIMBS; i++) {
      const v = out[i]! + c;
      c = Math.floor(v / RADIX);
      out[i] = v - c * RADIX;
    }
    out[0]! += 38 * c;
  }
  subtractPIfNotBelow(out);
  subtractPIfNotBelow(out);
}

const scratch = fe();

/** p's limbs: 0xffed, then 0xffff × 14, then 0x7fff. */
function subtractPIfNotBelow(a: Fe): void {
  // a − p with borrows; kept only when it does not go negative.
  let borrow = 0;
  const d = scratch;
  for (let i = 0; i < LIMBS; i++) {
    const pLimb = i === 0 ? 0xffed : i === LIMBS - 1 ? 0x7fff : 0xffff;
    let v = a[i]! - pLimb - borrow;
    borrow = v < 0 ? 1 : 0;
    if (v < 0) v += RADIX;
    d[i] = v;
  }
  if (borrow === 0) a.set(d);
}
