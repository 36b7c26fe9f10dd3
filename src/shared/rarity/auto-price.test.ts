import { describe, expect, it } from 'vitest';
import { autoPriceLamports } from './auto-price';
import { LAMPORTS_PER_SOL } from '../money';

const SOL = LAMPORTS_PER_SOL;

describe('autoPriceLamports (docs/product-spec.md#constants-and-limits)', () => {
  it('prices by pattern length', () => {
    expect(autoPriceLamports(3)).toBe(SOL / 100n);
    expect(autoPriceLamports(4)).toBe(SOL / 10n);
    expect(autoPriceLamports(5)).toBe(SOL / 2n);
    expect(autoPriceLamports(6)).toBe(2n * SOL);
    expect(autoPriceLamports(7)).toBe(10n * SOL);
    for (const other of [0, 1, 2, 8, 12]) expect(autoPriceLamports(other)).toBe(SOL / 1000n);
  });

  it('applies the pattern-type multipliers exactly', () => {
    const base = autoPriceLamports(4); // 0.1 SOL
    const cases: Array<[string, bigint]> = [
      ['prefix', base],
      ['suffix', (base * 8n) / 10n],
      ['middle', (base * 6n) / 10n],
      ['palindrome', base * 2n],
      ['sequence', (base * 15n) / 10n],
      ['word_like', base * 3n],
      ['numerical', (base * 7n) / 10n],
      ['repetition', (base * 12n) / 10n],
    ];
    for (const [type, price] of cases) expect(autoPriceLamports(4, type)).toBe(price);
    expect(autoPriceLamports(3, 'suffix')).toBe(8_000_000n); // 0.008 SOL
    expect(autoPriceLamports(7, 'numerical')).toBe(7n * SOL);
  });

  it('forgives case and dashes and treats unknown types as 1x', () => {
    expect(autoPriceLamports(5, 'Word-Like')).toBe(autoPriceLamports(5, 'word_like'));
    expect(autoPriceLamports(5, 'toString')).toBe(autoPriceLamports(5));
    expect(autoPriceLamports(5, undefined)).toBe(SOL / 2n);
  });
});
