/** Bitcoin/Solana base58: no 0, O, I or l. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

const POW58 = [1, 58, 58 ** 2, 58 ** 3];

/**
 * Decodes the base58 digits of `text` after its `zeros` leading '1's into the end of `scratch` (big-endian) and
 * returns how many bytes they take, or -1 for a character outside the alphabet or a value too big for
 * `scratch`. Three digits per pass over the bytes: 58³ × 255 plus the carry stays below 2³¹, so the arithmetic
 * stays in V8's fast small integers (four digits would not), with a third of the passes of one digit at a time.
 */
function decodeDigits(text: string, zeros: number, scratch: Uint8Array): number {
  const size = scratch.length;
  let length = 0;
  for (let i = zeros; i < text.length; i += 3) {
    const group = Math.min(3, text.length - i);
    let carry = 0;
    for (let g = 0; g < group; g++) {
      const code = text.charCodeAt(i + g);
      const digit = code < 128 ? DIGIT[code]! : -1;
      if (digit < 0) return -1;
      carry = carry * 58 + digit;
    }
    const multiplier = POW58[group]!;
    let j = 0;
    for (let k = size - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
      carry += multiplier * scratch[k]!;
      scratch[k] = carry & 0xff;
      carry >>>= 8;
    }
    if (carry !== 0) return -1;
    length = j;
  }
  while (length > 0 && scratch[size - length] === 0) length--;
  return length;
}

const leadingOnes = (text: string) => {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' = a zero byte */) zeros++;
  return zeros;
};

// Reused by every decode (this is synchronous code) and wiped after each: it may hold part of a private key.
const scratchBuffer = new Uint8Array(128);

/**
 * Base58 text → bytes, or null when a character is outside the alphabet. Same result as @solana/kit's codec,
 * but in small-integer arithmetic instead of BigInt: ≈2 µs instead of ≈21 µs for an 88-character secret key, which
 * adds up on 100,000-row bulk uploads.
 */
export function decodeBase58(text: string): Uint8Array | null {
  const zeros = leadingOnes(text);
  // log(58) / log(256) ≈ 0.7322 bytes per character, rounded up.
  const size = Math.floor(((text.length - zeros) * 733) / 1000) + 1;
  const scratch =
    size <= scratchBuffer.length ? scratchBuffer.subarray(scratchBuffer.length - size) : new Uint8Array(size);
  try {
    const length = decodeDigits(text, zeros, scratch);
    if (length < 0) return null;
    const bytes = new Uint8Array(zeros + length);
    bytes.set(scratch.subarray(size - length), zeros);
    return bytes;
  } finally {
    scratch.fill(0);
  }
}

/** Bytes → base58 text; the same as @solana/kit's codec, without BigInt. */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // log(256) / log(58) ≈ 1.3658 characters per byte, rounded up.
  const size = Math.floor(((bytes.length - zeros) * 138) / 100) + 1;
  const digits = new Uint8Array(size);
  try {
    let length = 0;
    for (let i = zeros; i < bytes.length; i++) {
      let carry = bytes[i]!;
      let j = 0;
      for (let k = size - 1; (carry !== 0 || j < length) && k >= 0; k--, j++) {
        carry += 256 * digits[k]!;
        digits[k] = carry % 58;
        carry = Math.floor(carry / 58);
      }
      length = j;
    }
    let start = size - length;
    while (start < size && digits[start] === 0) start++;
    let text = '1'.repeat(zeros);
    for (let i = start; i < size; i++) text += ALPHABET[digits[i]!];
    return text;
  } finally {
    digits.fill(0); // the bytes may be a secret key
  }
}

/**
 * Whether `value` is a Solana address: base58 of exactly 32 bytes (an ed25519 public key or program id). The one
 * address check of the code base (API schemas, env, CLI, browser); it decodes without allocating, because bulk
 * uploads check 100,000 addresses on the request's thread.
 */
export function isSolanaAddress(value: unknown): value is string {
  // A 32-byte value encodes to 32–44 characters; checking first keeps the decoder away from long garbage.
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false;
  const text = value;
  const zeros = leadingOnes(text);
  const scratch = scratchBuffer.subarray(scratchBuffer.length - 33);
  try {
    const length = decodeDigits(text, zeros, scratch);
    return length >= 0 && zeros + length === 32;
  } finally {
    scratch.fill(0);
  }
}

/** The 32 bytes of a Solana address, or null when it is not base58 of exactly 32 bytes. */
export function addressBytes(address: string): Uint8Array | null {
  // A 32-byte value encodes to 32–44 characters; checking first keeps the decoder away from long garbage.
  if (address.length < 32 || address.length > 44) return null;
  const bytes = decodeBase58(address);
  return bytes?.length === 32 ? bytes : null;
}

/**
 * Whether `value` is a transaction signature: base58 of exactly 64 bytes. The length check alone (64–88 characters)
 * lets through text that decodes to 63 or 65 bytes, which the chain libraries refuse with a throw much later.
 */
export function isTransactionSignature(value: string): boolean {
  if (value.length < 64 || value.length > 88) return false;
  return decodeBase58(value)?.length === 64;
}
