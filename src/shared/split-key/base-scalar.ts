import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { randomBytes } from '@noble/hashes/utils.js';

const L = ed25519.Point.Fn.ORDER;

/**
 * A fresh secret scalar in [1, L), uniform: 64 random bytes reduced mod L − 1 (the bias of a 512-bit value mod a
 * 253-bit one is below 2^−250), then + 1 so it is never zero. The browser's one-time `a` of a split-key order.
 */
export function randomScalar(): bigint {
  return (bytesToNumberLE(randomBytes(64)) % (L - 1n)) + 1n;
}

/** A new split key's start: the secret a and the point P = a·G that the order carries. */
export function newBaseKey(): { scalar: bigint; basePoint: Uint8Array } {
  const scalar = randomScalar();
  return { scalar, basePoint: ed25519.Point.BASE.multiply(scalar).toBytes() };
}
