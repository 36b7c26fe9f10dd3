import { describe, expect, it } from 'vitest';
import { calculateFees, feeCalculationOf, parseHundredths, type FeeSettings } from './fees';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;
const defaults: FeeSettings = {
  exchangeFeePercentage: '0',
  commissionFeePercentage: '2.50',
  minimumFee: 0n,
  maximumFee: 10n * SOL,
  gasFeeMultiplier: '1.20',
  commissionDiscount: '0',
};

describe('calculateFees', () => {
  it('charges the commission percentage of the price when a treasury exists', () => {
    const fees = calculateFees(2n * SOL, defaults, true);
    expect(fees.commissionFeeLamports).toBe(50_000_000n); // 2.5% of 2 SOL
    expect(fees.networkFeeLamports).toBe(5_000n); // the payout's one signature; no multiplier on a known fee
    expect(fees.totalLamports).toBe(2n * SOL + 50_000_000n + 5_000n);
  });

  it('charges no commission without a treasury wallet', () => {
    const fees = calculateFees(2n * SOL, defaults, false);
    expect(fees.platformFeeLamports).toBe(0n);
    expect(fees.totalLamports).toBe(2n * SOL + 5_000n);
  });

  it('takes the tier discount off the commission', () => {
    const fees = calculateFees(2n * SOL, { ...defaults, commissionDiscount: '40' }, true);
    expect(fees.commissionFeeLamports).toBe(30_000_000n); // 2.5% × 60%
  });

  it('clamps to the minimum and maximum fee, and never above the price', () => {
    expect(calculateFees(SOL, { ...defaults, minimumFee: SOL / 10n }, true).commissionFeeLamports).toBe(SOL / 10n);
    expect(calculateFees(1000n * SOL, defaults, true).commissionFeeLamports).toBe(10n * SOL);
    expect(calculateFees(100n, { ...defaults, minimumFee: SOL }, true).commissionFeeLamports).toBe(100n);
  });

  it('keeps every amount a multiple of 10 lamports (numeric(18,8))', () => {
    const fees = calculateFees(1_234_567_891n, { ...defaults, exchangeFeePercentage: '0.33' }, true);
    expect(fees.commissionFeeLamports % 10n).toBe(0n);
    expect(fees.exchangeFeeLamports % 10n).toBe(0n);
  });

  it('formats the response in SOL strings', () => {
    expect(feeCalculationOf({ price: 2n * SOL, platformFee: 50_000_000n, networkFee: 6_000n })).toEqual({
      price: '2',
      commissionFee: '0.05',
      networkFee: '0.000006',
      totalAmount: '2.050006',
    });
  });
});

describe('parseHundredths', () => {
  it('reads percentages exactly', () => {
    expect(parseHundredths('2.50')).toBe(250n);
    expect(parseHundredths('100')).toBe(10_000n);
    expect(parseHundredths('0.5')).toBe(50n);
    expect(() => parseHundredths('-1')).toThrow();
  });
});
