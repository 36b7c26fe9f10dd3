import { ed25519 } from '@noble/curves/ed25519.js';
import type { EdwardsPoint } from '@noble/curves/abstract/edwards.js';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';

/**
 * The buyer's base point P = a·G for a split-key order (DESIGN.md §14), checked before anything is ground on it.
 * Refused, each with its reason:
 * - bytes that are not the canonical encoding of a curve point (y ≥ p, "x = 0 with the sign bit", no square
 *   root). Canonical only, so one point has one spelling: "never seen before" compares bytes.
 * - the identity and the other small-order points (8·P = 0): P + t·G would then be t·G plus a known torsion
 *   point, whose key is t, sent in the clear.
 * - points with a torsion component (not in the prime-order subgroup): a browser that follows the protocol
 *   always sends a·G, which is in it, and its check a'·G = address could never pass on such a base, so grinding
 *   for it would only sell an address the buyer cannot finish.
 */
export type BasePointProblem = 'INVALID_ENCODING' | 'NOT_ON_CURVE' | 'SMALL_ORDER' | 'MIXED_ORDER';

export type BasePointCheck =
  { ok: true; point: EdwardsPoint; bytes: Uint8Array } | { ok: false; problem: BasePointProblem };

export function checkBasePoint(input: Uint8Array | string): BasePointCheck {
  const bytes = typeof input === 'string' ? decodeBase58(input) : input;
  if (!bytes || bytes.length !== 32) return { ok: false, problem: 'INVALID_ENCODING' };
  let point: EdwardsPoint;
  try {
    point = ed25519.Point.fromBytes(bytes, false); // RFC 8032 strict: y < p, no negative zero
  } catch {
    return { ok: false, problem: 'NOT_ON_CURVE' };
  }
  if (point.isSmallOrder()) return { ok: false, problem: 'SMALL_ORDER' };
  if (!point.isTorsionFree()) return { ok: false, problem: 'MIXED_ORDER' };
  return { ok: true, point, bytes: Uint8Array.from(bytes) };
}

/** The base58 spelling the API carries (`basePoint`). */
export const basePointText = (point: EdwardsPoint): string => encodeBase58(point.toBytes());
