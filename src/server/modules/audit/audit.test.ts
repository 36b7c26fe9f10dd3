import { describe, expect, it } from 'vitest';
import { stripSecrets } from './audit';

describe('stripSecrets', () => {
  it('drops secret-named keys at any depth and keeps the rest', () => {
    const out = stripSecrets({
      address: 'abc',
      privateKey: 'k',
      nested: { Signature: 's', secret: 'x', keep: 1, rows: [{ privatekey: 'k2', price: '1.5' }] },
      lamports: 5n,
    });
    expect(out).toEqual({ address: 'abc', nested: { keep: 1, rows: [{ price: '1.5' }] }, lamports: '5' });
  });
});
