import { getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { findLookalike, lookalikeReason } from './find-lookalike';
import { KNOWN_ADDRESSES } from './known-addresses';

const base58 = getBase58Encoder();
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('KNOWN_ADDRESSES', () => {
  it.each(KNOWN_ADDRESSES.map((k) => [k.label, k.address]))('%s is base58 of 32 bytes', (_, address) => {
    expect(base58.encode(address)).toHaveLength(32);
  });

  it('has no duplicate addresses and a label for each', () => {
    expect(new Set(KNOWN_ADDRESSES.map((k) => k.address)).size).toBe(KNOWN_ADDRESSES.length);
    for (const k of KNOWN_ADDRESSES) expect(k.label.trim()).not.toBe('');
  });

  it('includes the addresses the product relies on', () => {
    const addresses = KNOWN_ADDRESSES.map((k) => k.address);
    expect(addresses).toContain(USDC);
    expect(addresses).toContain('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
    expect(addresses).toContain('11111111111111111111111111111111');
  });
});

describe('findLookalike', () => {
  it('catches an address with the same first 4 and last 4 characters', () => {
    const poisoned = 'EPjFzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzDt1v';
    expect(findLookalike(poisoned, KNOWN_ADDRESSES)).toEqual({ address: USDC, label: 'USDC mint' });
  });

  it('refuses the known address itself', () => {
    expect(findLookalike(USDC, KNOWN_ADDRESSES)?.label).toBe('USDC mint');
  });

  it('lets through a match on only one end, or a different case', () => {
    expect(findLookalike('EPjFzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', KNOWN_ADDRESSES)).toBeNull();
    expect(findLookalike('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzDt1v', KNOWN_ADDRESSES)).toBeNull();
    expect(findLookalike('epjfzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzDt1v', KNOWN_ADDRESSES)).toBeNull();
  });

  it('catches leading-zero vanity addresses that imitate the System Program', () => {
    expect(findLookalike('1111abcdefghijkmnopqrstuvwxyz1111', KNOWN_ADDRESSES)?.label).toBe('System Program');
  });

  it('uses the list it is given, so admins can extend it', () => {
    const extra = [{ address: 'Abcd' + 'x'.repeat(36) + 'Wxyz', label: 'Exchange hot wallet' }];
    expect(findLookalike('Abcd' + 'y'.repeat(36) + 'Wxyz', extra)?.label).toBe('Exchange hot wallet');
    expect(findLookalike('Abcd' + 'y'.repeat(36) + 'Wxyz', KNOWN_ADDRESSES)).toBeNull();
  });

  it('ignores strings too short to compare', () => {
    expect(findLookalike('', KNOWN_ADDRESSES)).toBeNull();
    expect(findLookalike('EPj', KNOWN_ADDRESSES)).toBeNull();
  });

  it('explains the refusal', () => {
    expect(lookalikeReason({ address: USDC, label: 'USDC mint' })).toBe(
      `Looks like USDC mint (${USDC}): refused to protect buyers from address poisoning`,
    );
  });
});
