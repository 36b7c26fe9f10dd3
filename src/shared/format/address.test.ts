import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { guessNetwork, headerWallet, profileWallet, shortenAddress, truncateListingAddress } from './address';
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
