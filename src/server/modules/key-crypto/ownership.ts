import { timingSafeEqual } from 'node:crypto';
import { addressBytes } from '@shared/keys/base58';
import { normalizeSecretKey } from './key-formats';
import { SEED_BYTES, publicKeyToAddress } from './secret-key-encoding';

/**
 * Why a well-formed key was refused. `seed-in-address`: the address field holds the key itself, so a caller
 * must not echo that field back.
 */
export type OwnershipFailure = 'no-address' | 'seed-in-address' | 'invalid-address' | 'other-address';

/** The key is well-formed but controls another address. The message names the address, never the key. */
export class OwnershipError extends Error {
  override readonly name = 'OwnershipError';
  constructor(
    readonly kind: OwnershipFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Proves that `secretInput` (any form `normalizeSecretKey` accepts) controls `address`. Throws
 * `KeyFormatError` for an unreadable key and `OwnershipError` for a key of another address; callers show both
 * as "Ownership Verification Failed" with the message.
 */
export function proveOwnership(address: string, secretInput: string): { secretKey: Uint8Array; publicKey: string } {
  if (typeof address !== 'string') throw new OwnershipError('no-address', 'An address is required');
  const secretKey = normalizeSecretKey(secretInput);
  // normalizeSecretKey has checked that the second half is the derived public key. Compared as bytes: base58
  // text has one spelling per value, and decoding the address is cheaper than encoding the key.
  const listed = addressBytes(address);
  if (listed && timingSafeEqual(listed, secretKey.subarray(SEED_BYTES))) return { secretKey, publicKey: address };

  // A 32-byte seed pasted into the address field is itself a valid-looking address: naming "the address"
  // would then print the key into the error, so that case gets its own words.
  const seedPasted =
    address.trim() === secretInput.trim() || publicKeyToAddress(secretKey.subarray(0, SEED_BYTES)) === address.trim();
  secretKey.fill(0);
  if (seedPasted)
    throw new OwnershipError('seed-in-address', 'The address field holds the private key, not the address');
  if (!addressBytes(address)) {
    throw new OwnershipError(
      'invalid-address',
      'The private key does not match the listed address, which is not a valid Solana address',
    );
  }
  throw new OwnershipError(
    'other-address',
    `The private key does not match address ${address}: it controls a different address`,
  );
}
