import { describe, expect, it } from 'vitest';
import { formatUsd } from './usd';

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
