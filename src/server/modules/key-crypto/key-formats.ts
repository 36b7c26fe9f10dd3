import { decodeBase58 } from '@shared/keys/base58';
import { SECRET_KEY_BYTES, SEED_BYTES, isConsistentSecretKey, secretKeyFromSeed } from './secret-key-encoding';

/**
 * Why a private key was refused. The message never contains the input or any part of it: these errors
 * reach logs and API responses.
 */
export class KeyFormatError extends Error {
  override readonly name = 'KeyFormatError';
}

// A pretty-printed 64-number JSON array is well under 1 KB; anything far longer is not a key.
const MAX_INPUT_LENGTH = 4096;
const HEX_RE = /^(?:0x)?(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{128})$/;

const wrongLength = (n: number) =>
  new KeyFormatError(
    `Private key must be 64 bytes (base58 or JSON array) or a 32-byte seed (base58 or hex); got ${n} bytes`,
  );

/** solana-keygen's file format: a JSON array of 64 whole numbers 0–255. */
function bytesFromJsonArray(text: string): Uint8Array {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The engine's message quotes the input: never pass it on.
    throw new KeyFormatError('Private key JSON array could not be read');
  }
  if (!Array.isArray(value)) throw new KeyFormatError('Private key JSON must be an array of numbers');
  if (value.length !== SECRET_KEY_BYTES) {
    throw new KeyFormatError(`Private key JSON array must hold 64 numbers; got ${value.length}`);
  }
  if (!value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw new KeyFormatError('Private key JSON array must hold whole numbers from 0 to 255');
  }
  return Uint8Array.from(value as number[]);
}

function bytesFromHex(text: string): Uint8Array {
  const buf = Buffer.from(text.replace(/^0x/, ''), 'hex');
  const bytes = new Uint8Array(buf); // a copy outside Buffer's shared pool, so the pool slice can be wiped
  buf.fill(0);
  return bytes;
}

function bytesFromBase58(text: string): Uint8Array {
  // A fresh array we own: the caller wipes it after use. Never quote the text in the error.
  const bytes = decodeBase58(text);
  if (!bytes) throw new KeyFormatError('Private key is not valid base58, hex, or a JSON array of numbers');
  return bytes;
}

/**
 * Any accepted private-key form → the 64-byte secret key (seed ‖ public key):
 * base58 64-byte secret (Phantom export), JSON array of 64 numbers (solana-keygen), base58 or hex 32-byte seed
 * (hex of the full 64 bytes is accepted as well). A 64-byte key whose second half is not the public key of its
 * first half is refused: a wallet would import the seed and end up at a different address than the listing.
 */
export function normalizeSecretKey(input: string): Uint8Array {
  if (typeof input !== 'string') throw new KeyFormatError('Private key must be text');
  const text = input.trim();
  if (text === '') throw new KeyFormatError('Private key is required');
  if (text.length > MAX_INPUT_LENGTH) throw new KeyFormatError('Private key is too long to be a Solana key');

  let bytes: Uint8Array;
  if (text.startsWith('[')) bytes = bytesFromJsonArray(text);
  else if (HEX_RE.test(text)) bytes = bytesFromHex(text);
  else if (text.startsWith('0x')) throw new KeyFormatError('Hex private key must be 64 hex digits (a 32-byte seed)');
  else bytes = bytesFromBase58(text);

  if (bytes.length === SEED_BYTES) {
    const secretKey = secretKeyFromSeed(bytes);
    bytes.fill(0);
    return secretKey;
  }
  if (bytes.length !== SECRET_KEY_BYTES) {
    const n = bytes.length;
    bytes.fill(0);
    throw wrongLength(n);
  }
  if (!isConsistentSecretKey(bytes)) {
    bytes.fill(0);
    throw new KeyFormatError(
      'Private key is inconsistent: its last 32 bytes are not the public key of its first 32 bytes',
    );
  }
  return bytes;
}
