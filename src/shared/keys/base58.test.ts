import fc from 'fast-check';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { addressBytes, decodeBase58, encodeBase58, isSolanaAddress, isTransactionSignature } from './base58';

const toText = getBase58Decoder(); // kit's "decoder" turns bytes into base58 text
const toBytes = getBase58Encoder();

describe('decodeBase58', () => {
  it('agrees with @solana/kit on any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.nat({ max: 4 }), fc.uint8Array({ maxLength: 70 }), (zeros, tail) => {
        const bytes = new Uint8Array([...new Uint8Array(zeros), ...tail]);
        expect(decodeBase58(toText.decode(bytes))).toEqual(bytes);
      }),
      { numRuns: 2_000 },
    );
  });

  it('agrees with @solana/kit on any base58 text', () => {
    const char = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 90 }), (chars) => {
        const text = chars.join('');
        expect(decodeBase58(text)).toEqual(new Uint8Array(toBytes.encode(text)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('encodes any bytes as @solana/kit does', () => {
    fc.assert(
      fc.property(fc.nat({ max: 4 }), fc.uint8Array({ maxLength: 70 }), (zeros, tail) => {
        const bytes = new Uint8Array([...new Uint8Array(zeros), ...tail]);
        expect(encodeBase58(bytes)).toBe(toText.decode(bytes));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses characters outside the alphabet', () => {
    for (const text of ['0abc', 'abcO', 'Il', 'ab c', 'abc\n', 'é', '+/=']) expect(decodeBase58(text)).toBeNull();
  });

  it('tells addresses (base58 of exactly 32 bytes) from anything else, as @solana/kit would', () => {
    const char = fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl ');
    fc.assert(
      fc.property(fc.array(char, { minLength: 28, maxLength: 48 }), (chars) => {
        const text = chars.join('');
        let expected: boolean;
        try {
          expected = text.length >= 32 && text.length <= 44 && toBytes.encode(text).length === 32;
        } catch {
          expected = false;
        }
        expect(isSolanaAddress(text)).toBe(expected);
        expect(addressBytes(text) !== null).toBe(expected);
      }),
      { numRuns: 3_000 },
    );
    for (let n = 30; n <= 34; n++) {
      const bytes = new Uint8Array(n).fill(255);
      expect(isSolanaAddress(toText.decode(bytes))).toBe(n === 32);
      expect(isSolanaAddress(toText.decode(new Uint8Array(n)))).toBe(n === 32);
    }
  });

  it('reads addresses of exactly 32 bytes only', () => {
    expect(addressBytes('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
    expect(addressBytes('So11111111111111111111111111111111111111112')).toHaveLength(32);
    expect(addressBytes('1111111111111111111111111111111')).toBeNull(); // 31 characters
    expect(addressBytes('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull(); // 33 bytes
    expect(addressBytes('0o11111111111111111111111111111111111111112')).toBeNull();
  });

  it('takes transaction signatures of exactly 64 bytes only, whatever their length in characters', () => {
    for (let n = 62; n <= 66; n++) {
      expect(isTransactionSignature(toText.decode(new Uint8Array(n).fill(255))), `${n} bytes`).toBe(n === 64);
      expect(isTransactionSignature(toText.decode(new Uint8Array(n).fill(7))), `${n} bytes`).toBe(n === 64);
    }
    // 88 characters, inside the length check, decoding to 65 bytes: the hostile-input test's find.
    const long = 'z'.repeat(88);
    expect(decodeBase58(long)!.length).toBeGreaterThan(64);
    expect(isTransactionSignature(long)).toBe(false);
    expect(isTransactionSignature('0'.repeat(88))).toBe(false);
  });
});
