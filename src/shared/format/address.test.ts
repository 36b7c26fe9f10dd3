import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  guessNetwork,
  headerWallet,
  profileWallet,
  shortListingAddress,
  shortenAddress,
  truncateListingAddress,
} from './address';
import { isSolanaAddress } from '../keys/base58';

const b58 = getBase58Decoder();
const randomAddress = () => b58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('shortened addresses', () => {
  it('header shows first 8 and last 4', () => {
    expect(headerWallet(USDC)).toBe('EPjFWdd5...Dt1v');
  });
  it('profile shows first 6 and last 4', () => {
    expect(profileWallet(USDC)).toBe('EPjFWd...Dt1v');
  });
  it('leaves short strings alone and handles a zero tail', () => {
    expect(shortenAddress('abcdef', 2, 2)).toBe('abcdef');
    expect(shortenAddress('abcdefghij', 3, 0)).toBe('abc...');
    expect(shortenAddress('', 8, 4)).toBe('');
  });
  it('truncates listing addresses only above 20 characters', () => {
    expect(truncateListingAddress(USDC)).toBe('EPjFWdd5...yTDt1v');
    expect(truncateListingAddress('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncateListingAddress('abcdefghij0123456789X')).toBe('abcdefgh...56789X');
  });
});

describe('shortListingAddress: never through the pattern', () => {
  it('keeps the plain form when the pattern already shows whole, or there is none', () => {
    expect(shortListingAddress(USDC, 'EPjF', 'prefix')).toBe('EPjFWdd5...yTDt1v');
    expect(shortListingAddress(USDC, 'Dt1v', 'suffix')).toBe('EPjFWdd5...yTDt1v');
    expect(shortListingAddress(USDC, null)).toBe('EPjFWdd5...yTDt1v');
    expect(shortListingAddress(USDC, 'notInIt')).toBe('EPjFWdd5...yTDt1v');
  });

  it('keeps a long prefix, a long suffix and a middle pattern whole, in the address own case', () => {
    expect(shortListingAddress(USDC, 'EPjFWdd5Aufq', 'prefix')).toBe('EPjFWdd5Aufq...yTDt1v');
    expect(shortListingAddress(USDC, 'C8G4wEGGkZwyTDt1v', 'suffix')).toBe('EPjFWdd5...C8G4wEGGkZwyTDt1v');
    expect(shortListingAddress(USDC, 'xzyb')).toBe('EPjF...xzyb...Dt1v');
    // The pattern as declared may differ in case; what is shown is the address's own characters.
    expect(shortListingAddress(USDC, 'XZYB')).toBe('EPjF...xzyb...Dt1v');
  });

  it('for 1,000 random addresses and patterns, the shown text holds the pattern exactly as the address has it', () => {
    for (let i = 0; i < 1_000; i++) {
      const address = randomAddress();
      const from = i % (address.length - 2);
      const pattern = address.slice(from, from + 2 + (i % 9));
      const shown = shortListingAddress(address, pattern);
      expect(shown.includes(pattern), `${address} ${pattern} → ${shown}`).toBe(true);
      expect(shown.length).toBeLessThanOrEqual(address.length);
      expect(address.startsWith(shown.split('...')[0]!)).toBe(true);
    }
  });
});

describe('guessNetwork', () => {
  it.each([
    ['0x' + 'a'.repeat(40), 'ethereum'],
    ['0x1234', 'ethereum'],
    [USDC, 'solana'],
    ['1'.repeat(32), 'solana'],
    ['A'.repeat(44), 'solana'],
    ['A'.repeat(31), 'ethereum'],
    ['A'.repeat(45), 'ethereum'],
    ['', 'ethereum'],
    [`  ${USDC}  `, 'solana'],
  ])('%s → %s', (input, network) => {
    expect(guessNetwork(input)).toBe(network);
  });
});

describe('isSolanaAddress', () => {
  it('accepts real 32-byte keys', () => {
    expect(isSolanaAddress(USDC)).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    for (let i = 0; i < 20; i++) expect(isSolanaAddress(randomAddress())).toBe(true);
  });
  it.each([
    ['', 'empty'],
    ['0OIl' + 'A'.repeat(40), 'characters outside base58'],
    [USDC.slice(0, -1) + '0', 'a zero'],
    ['1'.repeat(33), '33 zero bytes'],
    ['z'.repeat(44), 'more than 32 bytes'],
    ['1'.repeat(31) + '2', 'fine: 31 zeros then 1'],
    [` ${USDC}`, 'leading space'],
    ['2'.repeat(100_000), 'a very long string'],
  ])('%#: %s', (value, why) => {
    expect(isSolanaAddress(value)).toBe(why.startsWith('fine'));
  });
  it('rejects non-strings', () => {
    expect(isSolanaAddress(undefined)).toBe(false);
    expect(isSolanaAddress(42)).toBe(false);
  });
});
