import { ed25519 } from '@noble/curves/ed25519.js';
import type { EdwardsPoint } from '@noble/curves/abstract/edwards.js';
import { bytesToNumberLE, numberToBytesLE } from '@noble/curves/utils.js';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';

/**
 * The tweak t the shop finds and the scalar it completes (DESIGN.md §14): address = P + t·G, and the buyer's
 * a' = a + t mod L is the address's key because P = a·G. t alone controls nothing, which is why it may be stored.
 */
const L = ed25519.Point.Fn.ORDER;
const G = ed25519.Point.BASE;

/** The API's spelling of t: base58 of its 32 little-endian bytes. */
export function encodeTweak(t: bigint): string {
  if (t < 0n || t >= L) throw new RangeError('a tweak is a scalar below L');
  return encodeBase58(numberToBytesLE(t, 32));
}

/** t from its base58 spelling, or null when it is not 32 bytes of a scalar below L. */
export function decodeTweak(text: string): bigint | null {
  const bytes = decodeBase58(text);
  if (!bytes || bytes.length !== 32) return null;
  const t = bytesToNumberLE(bytes);
  return t < L ? t : null;
}

/** P + t·G: what anyone can recompute from a receipt's P and t. */
export function tweakedPoint(basePoint: EdwardsPoint, t: bigint): EdwardsPoint {
  return basePoint.add(G.multiplyUnsafe(t));
}

/** a' = a + t mod L, the address's key (a raw scalar, not a seed). */
export function tweakedScalar(baseScalar: bigint, t: bigint): bigint {
  return (((baseScalar + t) % L) + L) % L;
}

/** Does a'·G encode to `address` (32 bytes)? The browser checks this before it signs anything. */
export function scalarControls(scalar: bigint, address: Uint8Array): boolean {
  if (scalar <= 0n || scalar >= L || address.length !== 32) return false;
  const mine = G.multiply(scalar).toBytes();
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= mine[i]! ^ address[i]!;
  return diff === 0;
}
