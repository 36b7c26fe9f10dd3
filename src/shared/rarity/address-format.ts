/**
 * Is this text an address of the network? Answers with the reason a person can act on when it is not.
 * Written by hand rather than with a base58 library so the message can name the offending character and
 * the check stays cheap on 100,000-row bulk uploads.
 */
import { base58Digit, BASE58_ALPHABET } from './alphabet';
import { hasValidEip55Case } from './ethereum-checksum';
import type { Network } from './types';

/** `checksummed`: the address carried a checksum that was verified (mixed-case Ethereum). */
export type AddressCheck = { ok: true; checksummed: boolean } | { ok: false; message: string };

/** 32 zero bytes encode as 32 '1's; the largest 32-byte value needs 44 characters. */
const SOLANA_MIN_CHARS = 32;
const SOLANA_MAX_CHARS = 44;
const SOLANA_KEY_BYTES = 32;

export function checkSolanaAddress(address: string): AddressCheck {
  if (address.length === 0) return { ok: false, message: 'Address is empty' };
  for (let i = 0; i < address.length; i++) {
    const char = address[i] as string;
    if (base58Digit(char) < 0) {
      return {
        ok: false,
        message: `Invalid Solana address: ${describeChar(char)} at position ${i + 1} is not base58 (base58 has no 0, O, I or l)`,
      };
    }
  }
  if (address.length < SOLANA_MIN_CHARS || address.length > SOLANA_MAX_CHARS) {
    return {
      ok: false,
      message: `Invalid Solana address: ${address.length} characters, expected ${SOLANA_MIN_CHARS} to ${SOLANA_MAX_CHARS}`,
    };
  }
  if (!isThirtyTwoBytes(address)) {
    const bytes = decodedByteLength(address);
    return { ok: false, message: `Invalid Solana address: it decodes to ${bytes} bytes, a public key has 32` };
  }
  return { ok: true, checksummed: false };
}

export function checkEthereumAddress(address: string): AddressCheck {
  if (address.length === 0) return { ok: false, message: 'Address is empty' };
  if (!/^0[xX]/.test(address)) return { ok: false, message: 'Invalid Ethereum address: it must start with 0x' };
  const body = address.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(body)) {
    return { ok: false, message: 'Invalid Ethereum address: only hex digits (0-9, a-f) may follow 0x' };
  }
  if (body.length !== 40) {
    return { ok: false, message: `Invalid Ethereum address: ${body.length} hex digits after 0x, expected 40` };
  }
  if (!hasValidEip55Case(body)) {
    return {
      ok: false,
      message: 'Invalid Ethereum address: the mixed upper/lower case does not match its EIP-55 checksum (a typo?)',
    };
  }
  return { ok: true, checksummed: body !== body.toLowerCase() && body !== body.toUpperCase() };
}

export function checkAddress(address: string, network: Network): AddressCheck {
  return network === 'ethereum' ? checkEthereumAddress(address) : checkSolanaAddress(address);
}

/**
 * Does a base58 string (alphabet already checked) decode to exactly 32 bytes? With z leading '1's (zero
 * bytes) the rest must encode a number in [256^(31−z), 256^(32−z)). Base58 digits are in ASCII order, so for
 * strings without leading '1's a longer string is a larger number and equal lengths compare as strings:
 * comparing against the precomputed encodings of the two bounds avoids big-number arithmetic per address.
 */
function isThirtyTwoBytes(address: string): boolean {
  let zeros = 0;
  while (zeros < address.length && address[zeros] === '1') zeros++;
  if (zeros >= SOLANA_KEY_BYTES) return zeros === SOLANA_KEY_BYTES && address.length === zeros;
  const rest = address.slice(zeros);
  const { low, high } = bounds()[zeros] as { low: string; high: string };
  return compareBase58(rest, low) >= 0 && compareBase58(rest, high) <= 0;
}

let boundCache: Array<{ low: string; high: string }> | null = null;

/** For z = 0…31: the encodings of 256^(31−z) (smallest allowed rest) and 256^(32−z) − 1 (largest). */
function bounds(): Array<{ low: string; high: string }> {
  boundCache ??= Array.from({ length: SOLANA_KEY_BYTES }, (_, z) => ({
    low: encodeBase58Number(256n ** BigInt(31 - z)),
    high: encodeBase58Number(256n ** BigInt(32 - z) - 1n),
  }));
  return boundCache;
}

function compareBase58(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function encodeBase58Number(value: bigint): string {
  let out = '';
  for (let v = value; v > 0n; v /= 58n) out = BASE58_ALPHABET[Number(v % 58n)] + out;
  return out;
}

/** Bytes a base58 string decodes to (only on the failure path, for the message). */
function decodedByteLength(address: string): number {
  let zeros = 0;
  while (zeros < address.length && address[zeros] === '1') zeros++;
  let value = 0n;
  for (let i = zeros; i < address.length; i++) value = value * 58n + BigInt(base58Digit(address[i] as string));
  let bytes = 0;
  for (; value > 0n; value >>= 8n) bytes++;
  return zeros + bytes;
}

function describeChar(char: string): string {
  return /^\s$/.test(char) ? 'a space' : `"${char}"`;
}
