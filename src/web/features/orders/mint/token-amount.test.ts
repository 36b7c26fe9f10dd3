import { describe, expect, it } from 'vitest';
import { readTokenAmount } from './token-amount';

describe('readTokenAmount', () => {
  it('reads whole and decimal amounts into base units without floats', () => {
    expect(readTokenAmount('', 6)).toEqual({ ok: true, units: 0n });
    expect(readTokenAmount('1000', 0)).toEqual({ ok: true, units: 1000n });
    expect(readTokenAmount('12.5', 6)).toEqual({ ok: true, units: 12_500_000n });
    expect(readTokenAmount('.5', 9)).toEqual({ ok: true, units: 500_000_000n });
    expect(readTokenAmount('1_000_000', 2)).toEqual({ ok: true, units: 100_000_000n });
  });

  it('refuses more decimals than the mint has, non-numbers and more than u64', () => {
    expect(readTokenAmount('1.5', 0)).toEqual({ ok: false, reason: 'At most 0 decimals with this mint' });
    expect(readTokenAmount('1.123', 2)).toEqual({ ok: false, reason: 'At most 2 decimals with this mint' });
    expect(readTokenAmount('-1', 2).ok).toBe(false);
    expect(readTokenAmount('1e6', 2).ok).toBe(false);
    expect(readTokenAmount('.', 2).ok).toBe(false);
    expect(readTokenAmount('18446744073709551616', 0)).toEqual({
      ok: false,
      reason: 'More than a token account can hold',
    });
  });
});
