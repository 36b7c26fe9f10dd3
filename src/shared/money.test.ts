import { describe, expect, it } from 'vitest';
import {
  LAMPORTS_PER_SOL,
  MAX_LAMPORTS,
  MAX_PRICE_LAMPORTS,
  MoneyParseError,
  PRICE_DECIMALS,
  assertPriceFitsNumeric,
  divideRoundHalfUp,
  formatSolAmount,
  lamportsToSolString,
  parseSolToLamports,
  priceColumnLamports,
  percentChange,
  roundToPriceUnit,
  solStringToNumber,
  truncateToPriceUnit,
  usdColumnValue,
  usdValue,
} from './money';
import { FALLBACK_USD_PER_SOL_LISTING, FALLBACK_USD_PER_SOL_TRANSACTION, formatUsd } from './format/usd';

describe('parseSolToLamports', () => {
  it.each([
    ['1', 1_000_000_000n],
    ['1.5', 1_500_000_000n],
    ['0.000000001', 1n],
    [' 2.25 ', 2_250_000_000n],
    ['.5', 500_000_000n],
    ['1.', 1_000_000_000n],
    ['0', 0n],
    ['-0', 0n],
    ['007.10', 7_100_000_000n],
    ['1.5000000000000', 1_500_000_000n], // trailing zeros are exact, not extra precision
    ['1e-3', 1_000_000n],
    ['1.5E2', 150_000_000_000n],
    ['18446744073.709551615', MAX_LAMPORTS],
  ])('reads %j exactly', (input, lamports) => {
    expect(parseSolToLamports(input)).toBe(lamports);
  });

  it('reads numbers through their shortest decimal string, never through float arithmetic', () => {
    expect(parseSolToLamports(0.1)).toBe(100_000_000n);
    expect(parseSolToLamports(1.1)).toBe(1_100_000_000n); // 1.1 * 1e9 in floats is 1100000000.0000002
    expect(parseSolToLamports(0.3)).toBe(300_000_000n);
    expect(parseSolToLamports(1e-7)).toBe(100n); // String(1e-7) is '1e-7'
    // A float result carries its error into the digits: refused rather than silently rounded.
    expect(() => parseSolToLamports(0.1 + 0.2)).toThrow('9 decimal places');
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'decimal number'],
    ['1,5', 'decimal number'],
    ['1.2.3', 'decimal number'],
    ['0x10', 'decimal number'],
    ['+', 'decimal number'],
    ['.', 'decimal number'],
    ['-1', 'negative'],
    ['-0.000000001', 'negative'],
    ['1.0000000001', '9 decimal places'],
    ['1e-10', '9 decimal places'],
    ['1e99999', 'out of range'],
    ['1e-99999', 'out of range'],
    ['18446744073.709551616', 'too large'],
    ['99999999999999999999999', 'too large'],
    ['1'.repeat(100), 'too long'],
    ['Infinity', 'decimal number'],
    ['NaN', 'decimal number'],
  ])('refuses %j', (input, reason) => {
    expect(() => parseSolToLamports(input)).toThrow(MoneyParseError);
    expect(() => parseSolToLamports(input)).toThrow(reason);
  });

  it.each([NaN, Infinity, -Infinity, -1, 1e300])('refuses the number %d', (n) => {
    expect(() => parseSolToLamports(n)).toThrow(MoneyParseError);
  });

  it('refuses non-string, non-number input from untyped callers', () => {
    expect(() => parseSolToLamports({} as unknown as string)).toThrow(MoneyParseError);
  });

  it('limits prices to 8 decimals on request', () => {
    expect(parseSolToLamports('0.00000001', { maxDecimals: PRICE_DECIMALS })).toBe(10n);
    expect(() => parseSolToLamports('0.000000001', { maxDecimals: PRICE_DECIMALS })).toThrow('8 decimal places');
  });
});

describe('assertPriceFitsNumeric', () => {
  it('accepts what numeric(18,8) can store', () => {
    expect(() => assertPriceFitsNumeric(0n)).not.toThrow();
    expect(() => assertPriceFitsNumeric(10n)).not.toThrow();
    expect(() => assertPriceFitsNumeric(MAX_PRICE_LAMPORTS)).not.toThrow();
  });
  it('refuses a lamport-level remainder, a negative price and an overflow', () => {
    expect(() => assertPriceFitsNumeric(15n)).toThrow('8 decimal places');
    expect(() => assertPriceFitsNumeric(-10n)).toThrow(MoneyParseError);
    expect(() => assertPriceFitsNumeric(MAX_PRICE_LAMPORTS + 10n)).toThrow('too large');
  });
});

describe('lamportsToSolString', () => {
  it.each([
    [1_500_000_000n, '1.5'],
    [0n, '0'],
    [1n, '0.000000001'],
    [10n, '0.00000001'],
    [LAMPORTS_PER_SOL * 42n, '42'],
    [-2_500_000_000n, '-2.5'],
    [-10n, '-0.00000001'],
    [MAX_LAMPORTS, '18446744073.709551615'],
  ])('%s lamports → %s', (lamports, sol) => {
    expect(lamportsToSolString(lamports)).toBe(sol);
  });

  it('round-trips with parseSolToLamports', () => {
    for (const l of [0n, 1n, 999_999_999n, 1_000_000_001n, 123_456_789_012n, MAX_LAMPORTS]) {
      expect(parseSolToLamports(lamportsToSolString(l))).toBe(l);
    }
  });
});

describe('formatSolAmount', () => {
  it.each([
    ['1.50000000', '1.5'],
    ['2.00000000', '2'],
    ['0.00000001', '0.00000001'],
    ['0.000000004', '0'],
    ['0.000000005', '0.00000001'],
    ['0.123456789', '0.12345679'],
    ['9.999999999', '10'],
    ['-1.25', '-1.25'],
    ['-0.000000001', '0'],
  ])('%j → %j', (input, shown) => {
    expect(formatSolAmount(input)).toBe(shown);
  });

  it('formats numbers without float noise or exponents', () => {
    expect(formatSolAmount(0.1 + 0.2)).toBe('0.3');
    expect(formatSolAmount(1e-7)).toBe('0.0000001');
    expect(formatSolAmount(1e21)).toBe('1000000000000000000000');
  });

  it('honours a smaller maxDecimals', () => {
    expect(formatSolAmount('1.23456', 2)).toBe('1.23');
    expect(formatSolAmount('1.235', 2)).toBe('1.24');
    expect(formatSolAmount('1.5', 0)).toBe('2');
  });

  it('shows unreadable values as a dash instead of a misleading number', () => {
    expect(formatSolAmount('abc')).toBe('—');
    expect(formatSolAmount(NaN)).toBe('—');
  });
});

describe('solStringToNumber', () => {
  it('parses for display and gives 0 for garbage', () => {
    expect(solStringToNumber('1.5')).toBe(1.5);
    expect(solStringToNumber(' 2 ')).toBe(2);
    expect(solStringToNumber('abc')).toBe(0);
    expect(solStringToNumber(Infinity)).toBe(0);
  });
});

describe('roundToPriceUnit', () => {
  // The estimate's conversion: rounded to 1e-8 SOL, then the one lamports → SOL text conversion.
  const formatLamportsAsSol = (lamports: bigint) => lamportsToSolString(roundToPriceUnit(lamports));

  it('writes at most 8 decimals, rounding half up, without trailing zeros', () => {
    expect(formatLamportsAsSol(1_500_000_000n)).toBe('1.5');
    expect(formatLamportsAsSol(2_000_000_000n)).toBe('2');
    expect(formatLamportsAsSol(0n)).toBe('0');
    expect(formatLamportsAsSol(4n)).toBe('0');
    expect(formatLamportsAsSol(5n)).toBe('0.00000001');
    expect(formatLamportsAsSol(123_456_789_012n)).toBe('123.45678901');
    expect(() => formatLamportsAsSol(-1n)).toThrow(RangeError);
  });
});

describe('truncateToPriceUnit', () => {
  it('drops the lamports below 1e-8 SOL, toward zero', () => {
    expect(truncateToPriceUnit(0n)).toBe(0n);
    expect(truncateToPriceUnit(9n)).toBe(0n);
    expect(truncateToPriceUnit(10n)).toBe(10n);
    expect(truncateToPriceUnit(1_234_567_899n)).toBe(1_234_567_890n);
    expect(truncateToPriceUnit(-15n)).toBe(-10n);
    expect(lamportsToSolString(truncateToPriceUnit(5n))).toBe('0'); // where rounding would give 0.00000001
  });
});

describe('divideRoundHalfUp', () => {
  it('rounds the quotient half up', () => {
    expect(divideRoundHalfUp(14n, 10n)).toBe(1n);
    expect(divideRoundHalfUp(15n, 10n)).toBe(2n);
    expect(divideRoundHalfUp(0n, 7n)).toBe(0n);
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

describe('usdColumnValue', () => {
  it('writes numeric(18,8) text of the USD value', () => {
    expect(usdColumnValue(1_500_000_000n, 200)).toBe('300.00000000');
    expect(usdColumnValue(10n, 197)).toBe('0.00000197');
    expect(usdColumnValue(0n, 197)).toBe('0.00000000');
  });

  it('is null past the column (10 integer digits) or for an unusable rate', () => {
    expect(usdColumnValue(MAX_PRICE_LAMPORTS, 197)).toBeNull();
    expect(usdColumnValue(LAMPORTS_PER_SOL, Number.NaN)).toBeNull();
    expect(usdColumnValue(LAMPORTS_PER_SOL, Infinity)).toBeNull();
  });
});

describe('percentChange', () => {
  it('is the exact change in percent with 4 decimals, truncated toward zero', () => {
    expect(percentChange(2n * LAMPORTS_PER_SOL, 3n * LAMPORTS_PER_SOL)).toBe('50.0000');
    expect(percentChange(4n, 5n)).toBe('25.0000');
    expect(percentChange(3n, 2n)).toBe('-33.3333');
    expect(percentChange(3n, 4n)).toBe('33.3333');
    expect(percentChange(7n, 7n)).toBe('0.0000');
    expect(percentChange(1_000_000n, 999_999n)).toBe('-0.0001');
  });

  it('is null from zero and when the change does not fit numeric(12,4)', () => {
    expect(percentChange(0n, 5n)).toBeNull();
    // 0.00000001 → 1.5 SOL: a 15-million-fold change
    expect(percentChange(10n, 1_500_000_000n)).toBeNull();
    // the largest change that fits: just under 10^8 percent
    expect(percentChange(1n, 1_000_000n)).toBe('99999900.0000');
    expect(percentChange(1n, 1_000_001n)).toBeNull();
  });
});

describe('priceColumnLamports', () => {
  it("reads a price column's text as parseSolToLamports does, and any other text its way", () => {
    const texts = ['0.00000000', '0.00000010', '1.00000000', '70.35000000', '9999999999.99999999', '1.5', ' 2 ', '1e3'];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 5_000; i++) {
      const lamports = BigInt(random()) * BigInt(random() % 5_000_000) * 10n;
      texts.push(`${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0').slice(0, 8)}`);
    }
    for (const text of texts) expect(priceColumnLamports(text), text).toBe(parseSolToLamports(text));
  });

  it('reads a signed column (a price variance) with its sign', () => {
    expect(priceColumnLamports('-0.50000000')).toBe(-500_000_000n);
    expect(priceColumnLamports('-2')).toBe(-2_000_000_000n);
  });

  it('refuses text that is not an amount', () => {
    expect(() => priceColumnLamports('abc')).toThrow(MoneyParseError);
  });
});
