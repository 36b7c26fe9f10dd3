import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToNumberLE, concatBytes, numberToBytesLE } from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';

/**
 * Ed25519 signatures from a raw scalar a' (DESIGN.md §14, split key). RFC 8032 derives both the scalar and a
 * secret nonce prefix from one 32-byte seed; a split key has no seed, only a' = a + t, so the prefix is drawn
 * fresh for this scalar. It must never be the base key's: two keys sharing a prefix would sign the same message
 * with the same r, and one shared r with two different challenges gives the scalar away.
 *
 *   r = SHA-512(prefix ‖ M) mod L,  R = r·G,  k = SHA-512(R ‖ A ‖ M) mod L,  S = r + k·a' mod L,  sig = R ‖ S.
 *
 * The signatures are ordinary Ed25519 ones: any verifier (noble, tweetnacl, the Solana runtime) accepts them.
 */
export interface RawScalarSigner {
  /** A = a'·G, the address's 32 bytes. */
  readonly publicKey: Uint8Array;
  /** The 64-byte signature R ‖ S of `message`. */
  signBytes(message: Uint8Array): Uint8Array;
}

const Point = ed25519.Point;
const L = Point.Fn.ORDER;

export const NONCE_PREFIX_BYTES = 32;
export const freshNoncePrefix = (): Uint8Array => randomBytes(NONCE_PREFIX_BYTES);

const hashToScalar = (...parts: Uint8Array[]) => bytesToNumberLE(sha512(concatBytes(...parts))) % L;

export function createRawScalarSigner(scalar: bigint, noncePrefix: Uint8Array): RawScalarSigner {
  if (scalar <= 0n || scalar >= L) throw new RangeError('the scalar must be in [1, L)');
  if (noncePrefix.length !== NONCE_PREFIX_BYTES) throw new RangeError('the nonce prefix is 32 bytes');
  const prefix = Uint8Array.from(noncePrefix); // the caller may wipe its copy
  const publicKey = Point.BASE.multiply(scalar).toBytes();
  return {
    publicKey,
    signBytes(message) {
      const r = hashToScalar(prefix, message);
      // r = 0 has probability 2^−252: multiply() refusing it is the right answer.
      const R = Point.BASE.multiply(r).toBytes();
      const k = hashToScalar(R, publicKey, message);
      const S = (r + k * scalar) % L;
      return concatBytes(R, numberToBytesLE(S, 32));
    },
  };
}
