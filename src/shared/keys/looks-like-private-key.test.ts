import { describe, expect, it } from 'vitest';
import { newKeypair as newTestKeypair } from '@tests/helpers/keypair';
import { looksLikePrivateKey } from './looks-like-private-key';

describe('looksLikePrivateKey', () => {
  it('recognises every private-key form we accept but the base58 seed', () => {
    // A base58 32-byte seed has exactly the shape of an address (both are 32 bytes): it cannot be told apart.
    const { base58Seed: _addressShaped, ...forms } = newTestKeypair().forms;
    for (const [name, form] of Object.entries(forms)) expect(looksLikePrivateKey(form), name).toBe(true);
  });

  it('recognises hex with 0x, a pretty-printed array and a truncated array', () => {
    const k = newTestKeypair();
    expect(looksLikePrivateKey(`0x${k.forms.hexSeed}`)).toBe(true);
    expect(looksLikePrivateKey(JSON.stringify([...k.secretKey], null, 2))).toBe(true);
    expect(looksLikePrivateKey(`[${[...k.secretKey].slice(0, 40).join(',')}`)).toBe(true);
  });

  it('lets addresses through: Solana, Ethereum and short vanity words', () => {
    const k = newTestKeypair();
    for (const a of [
      k.address,
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'So11111111111111111111111111111111111111112',
      'DEAD',
    ])
      expect(looksLikePrivateKey(a), a).toBe(false);
  });
});
