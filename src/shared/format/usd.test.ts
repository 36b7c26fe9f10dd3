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

  it('writes two-decimal amounts exactly as Intl does, ties, groups and large amounts included', () => {
    const intl = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Exact binary ties (x.125, x.375), decimal near-ties (2.675 is just below), the edges of the fast path, and
    // amounts spread over every magnitude it covers.
    const amounts = [0.1, 0.125, 0.375, 0.995, 2.675, 1.005, 999.995, 999_999.995, 1e13 - 0.125, 1e13, 1e16, 123e18];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      const amount = 0.1 * 10 ** (random() * 15);
      amounts.push(amount, Math.round(amount * 1000) / 1000, Math.floor(amount) + 1.005);
    }
    for (const amount of amounts) expect(formatUsd(amount), String(amount)).toBe(intl.format(amount));
  });
});
