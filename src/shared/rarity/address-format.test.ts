import fc from 'fast-check';
import { getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { BASE58_ALPHABET } from './alphabet';
import { checkEthereumAddress, checkSolanaAddress } from './address-format';
import { toEip55 } from './ethereum-checksum';
import { encodeKey, randomSolanaAddresses } from '@tests/helpers/rarity-fixtures';

// Checksummed addresses from the EIP-55 specification.
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('Solana address check', () => {
  it('accepts real keys, including the extremes', () => {
    for (const address of randomSolanaAddresses(500)) expect(checkSolanaAddress(address).ok).toBe(true);
    expect(checkSolanaAddress(encodeKey(new Uint8Array(32))).ok).toBe(true); // 32 × '1'
    expect(checkSolanaAddress(encodeKey(new Uint8Array(32).fill(255))).ok).toBe(true);
    expect(checkSolanaAddress('11111111111111111111111111111111').ok).toBe(true);
  });

  it('agrees with an independent decoder on which strings are 32 bytes', () => {
    const decoder = getBase58Encoder();
    const base58String = fc
      .array(fc.constantFrom(...BASE58_ALPHABET), { minLength: 30, maxLength: 46 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(base58String, (s) => {
        expect(checkSolanaAddress(s).ok).toBe(decoder.encode(s).length === 32);
      }),
      { numRuns: 3000 },
    );
    // Boundaries: just above the largest key and just below the smallest with no zero byte.
    const largest = encodeKey(new Uint8Array(32).fill(255)); // 2^256 − 1
    const next = BASE58_ALPHABET[BASE58_ALPHABET.indexOf(largest.at(-1) as string) + 1] as string;
    expect(checkSolanaAddress(largest).ok).toBe(true);
    expect(checkSolanaAddress(largest.slice(0, -1) + next).ok).toBe(false);
    const smallest = encodeKey(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0))); // 256^31
    expect(checkSolanaAddress(smallest).ok).toBe(true);
    const below = BASE58_ALPHABET[BASE58_ALPHABET.indexOf(smallest.at(-1) as string) - 1] as string;
    expect(checkSolanaAddress(smallest.slice(0, -1) + below).ok).toBe(false);
  });

  it('names the offending character and says what base58 lacks', () => {
    const result = checkSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFi0');
    expect(result).toEqual({
      ok: false,
      message: 'Invalid Solana address: "0" at position 44 is not base58 (base58 has no 0, O, I or l)',
    });
  });

  it('explains wrong lengths and wrong byte counts', () => {
    expect(checkSolanaAddress('')).toMatchObject({ ok: false, message: 'Address is empty' });
    expect(checkSolanaAddress('abc')).toMatchObject({ ok: false, message: expect.stringContaining('3 characters') });
    // 43 characters leading with '2' is a number below 256^31: 31 bytes.
    const short = checkSolanaAddress(`2${'z'.repeat(42)}`);
    expect(short).toMatchObject({ ok: false, message: expect.stringContaining('decodes to 31 bytes') });
    expect(checkSolanaAddress('1'.repeat(33))).toMatchObject({
      ok: false,
      message: expect.stringContaining('33 bytes'),
    });
  });
});

describe('Ethereum address check', () => {
  it('accepts EIP-55 checksummed addresses and computes the same checksum', () => {
    for (const address of EIP55_VECTORS) {
      expect(checkEthereumAddress(address)).toEqual({ ok: true, checksummed: true });
      expect(`0x${toEip55(address.slice(2).toLowerCase())}`).toBe(address);
    }
  });

  it('rejects a checksummed address with one letter’s case flipped', () => {
    const good = EIP55_VECTORS[0] as string;
    const letters = [...good.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i + 2] : []));
    for (const at of letters) {
      const c = good[at] as string;
      const flipped =
        good.slice(0, at) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + good.slice(at + 1);
      const result = checkEthereumAddress(flipped);
      expect(result.ok).toBe(false);
      expect(result).toMatchObject({ message: expect.stringContaining('EIP-55') });
    }
  });

  it('accepts single-case addresses, which carry no checksum', () => {
    const good = EIP55_VECTORS[1] as string;
    expect(checkEthereumAddress(good.toLowerCase())).toEqual({ ok: true, checksummed: false });
    expect(checkEthereumAddress(`0x${good.slice(2).toUpperCase()}`).ok).toBe(true);
  });

  it('explains a missing 0x, non-hex characters and wrong lengths', () => {
    expect(checkEthereumAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({ ok: false });
    expect(checkEthereumAddress(`0x${'g'.repeat(40)}`)).toMatchObject({ message: expect.stringContaining('hex') });
    expect(checkEthereumAddress(`0x${'a'.repeat(39)}`)).toMatchObject({ message: expect.stringContaining('39 hex') });
  });
});
