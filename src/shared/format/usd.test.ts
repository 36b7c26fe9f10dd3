import { describe, expect, it } from 'vitest';
import { FALLBACK_USD_PER_SOL_LISTING, FALLBACK_USD_PER_SOL_TRANSACTION, formatUsd, usdValue } from './usd';

describe('formatUsd', () => {
  it.each([
    [1234.567, '$1,234.57'],
    [1_000_000, '$1,000,000.00'],
    [0.1, '$0.10'],
    [0.05, '$0.050'],
    [0.0999, '$0.100'],
    [0.005, '$0.0050'],
    [0.0005, '$0.000500'],
    [0.000001, '$0.000001'],
    [0.0000009, '$0.000001'],
    [1e-12, '$0.000001'],
    [-1.5, '-$1.50000000'],
    [-1234.5, '-$1,234.50000000'],
    [-0.0000001, '-$0.00000010'],
  ])('%d → %s', (amount, shown) => {
    expect(formatUsd(amount)).toBe(shown);
  });

  it('shows zero and unreadable amounts as the spec default $0.00', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
    expect(formatUsd(NaN)).toBe('$0.00');
    expect(formatUsd(Infinity)).toBe('$0.00');
  });
});

describe('usdValue', () => {
  it('converts lamports at a rate', () => {
    expect(usdValue(1_500_000_000n, 200)).toBe(300);
    expect(usdValue(0n, 200)).toBe(0);
    expect(usdValue(1_000_000_000n, FALLBACK_USD_PER_SOL_LISTING)).toBe(197);
    expect(usdValue(2_000_000_000n, FALLBACK_USD_PER_SOL_TRANSACTION)).toBeCloseTo(406.7, 10);
  });

  it('keeps single lamports and handles amounts beyond 2^53 lamports', () => {
    expect(usdValue(1n, 1)).toBe(1e-9);
    expect(usdValue(1_000_000_001n, 1000)).toBeCloseTo(1000.000001, 9);
    expect(usdValue(2n ** 64n - 1n, 1)).toBeCloseTo(18_446_744_073.709553, 3);
  });

  it('feeds formatUsd', () => {
    expect(formatUsd(usdValue(10n, 197))).toBe('$0.000002');
    expect(formatUsd(usdValue(250_000_000n, 197))).toBe('$49.25');
  });
});
