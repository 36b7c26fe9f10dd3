import { describe, expect, it } from 'vitest';
import { analyzeAddress, grindCostLamports, GPU_COST_LAMPORTS_PER_HOUR, GRIND_KEYS_PER_SECOND } from '.';
import { craftSolana } from '@tests/helpers/rarity-fixtures';
import { lamportsToSolString, MAX_PRICE_LAMPORTS } from '@shared/money';
import { grindSeconds } from '@shared/rarity/valuation';

describe('grinding cost and estimated value', () => {
  it('grinding cost is expected attempts ÷ grind rate × cost per second, in lamports rounded to 10', () => {
    const attempts = 58 ** 8;
    const exact = (BigInt(attempts) * GPU_COST_LAMPORTS_PER_HOUR) / (GRIND_KEYS_PER_SECOND.solana * 3600n);
    const value = grindCostLamports(attempts, 'solana');
    expect(value % 10n).toBe(0n);
    expect(value - exact).toBeGreaterThanOrEqual(-10n);
    expect(value - exact).toBeLessThanOrEqual(10n);
    expect(grindSeconds(attempts, 'solana')).toBeCloseTo(attempts / 50_000_000, 6);
  });

  it('estimated value grows with difficulty', () => {
    const values = [2, 4, 6, 8, 9, 10, 11, 12].map((n) => {
      const suffix = 'zXr9Wq2EpT4m'.slice(0, n);
      return analyzeAddress(craftSolana('', suffix), { pattern: suffix }).estimatedValueLamports;
    });
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] as bigint);
    expect(values.at(-1)).toBeGreaterThan(values[3] as bigint);
    expect(values[3]).toBeGreaterThan(0n);
  });

  it('estimated value is linear in baseValueMultiplier', () => {
    const address = craftSolana('', 'zXr9Wq2Ep');
    const value = (m: number) =>
      analyzeAddress(address, { pattern: 'zXr9Wq2Ep', baseValueMultiplier: m }).estimatedValueLamports;
    const one = value(1);
    expect(one).toBeGreaterThan(1_000_000n);
    for (const m of [0.5, 2, 3.7]) {
      const expected = (one * BigInt(m * 10)) / 10n;
      expect(value(m) - expected).toBeGreaterThanOrEqual(-40n);
      expect(value(m) - expected).toBeLessThanOrEqual(40n);
    }
    expect(value(0)).toBe(0n);
    expect(value(Number.NaN)).toBe(one); // a broken calibration row falls back to 1x
  });

  it('always fits numeric(18,8)', () => {
    expect(grindCostLamports(58 ** 40, 'solana')).toBe(MAX_PRICE_LAMPORTS);
    expect(
      analyzeAddress(craftSolana('', 'zXr9Wq2EpT4mzXr9Wq2EpT4m'), { pattern: 'zXr9Wq2EpT4mzXr9Wq2EpT4m' })
        .estimatedValueLamports,
    ).toBe(MAX_PRICE_LAMPORTS);
    expect(lamportsToSolString(MAX_PRICE_LAMPORTS)).toBe('9999999999.99999999');
    expect(grindCostLamports(0, 'solana')).toBe(0n);
  });
});
