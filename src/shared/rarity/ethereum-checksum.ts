/**
 * EIP-55 mixed-case checksum: the i-th hex letter of the address is upper case iff the i-th hex digit of
 * keccak256(lower-case address as ASCII) is ≥ 8. All-lower and all-upper addresses carry no checksum.
 */
// @noble/hashes is installed as a dependency of @noble/curves (see the report); keccak is not in WebCrypto.
import { keccak_256 } from '@noble/hashes/sha3.js';

const encoder = new TextEncoder();

/** The checksummed (EIP-55) form of 40 hex digits, returned without the 0x. */
export function toEip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(encoder.encode(lower));
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] as string;
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += char >= 'a' && nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** True for an all-lower or all-upper body, or a mixed-case body that matches its EIP-55 checksum. */
export function hasValidEip55Case(hex40: string): boolean {
  if (hex40 === hex40.toLowerCase() || hex40 === hex40.toUpperCase()) return true;
  return toEip55(hex40) === hex40;
}
