import { describe, expect, it } from 'vitest';
import { priceProblem, priceInputSchema } from './api/listings';
import { MAX_PRICE_LAMPORTS } from './money';
import { PRICE_RULES, parseSolInput } from './sol-input';

const lamportsOf = (input: unknown) => {
  const read = parseSolInput(input, PRICE_RULES);
  if (!read.ok) throw new Error(read.reason);
  return read.lamports;
};
const reasonOf = (input: unknown) => {
  const read = parseSolInput(input, PRICE_RULES);
  return read.ok ? null : read.reason;
};

describe('parseSolInput', () => {
  it.each([
    ['0.5', 500_000_000n],
    ['0,5', 500_000_000n],
    ['.5', 500_000_000n],
    [',5', 500_000_000n],
    [' 0.5 ', 500_000_000n],
    ['5.', 5_000_000_000n],
    ['12', 12_000_000_000n],
    ['0,500', 500_000_000n], // a leading 0 cannot be a thousands group: a decimal comma
    ['1,5', 1_500_000_000n],
    ['0.00089588', 895_880n], // the smallest price an escrow can receive and pay out
    ['1.50000000000', 1_500_000_000n], // trailing zeros add no precision
    [0.5, 500_000_000n],
    ['9999999999.99999999', MAX_PRICE_LAMPORTS],
  ])('reads %j as %d lamports', (input, lamports) => {
    expect(lamportsOf(input)).toBe(lamports);
  });

  it('gives the normal form every caller sends on', () => {
    expect(parseSolInput('0,5', PRICE_RULES)).toEqual({ ok: true, lamports: 500_000_000n, sol: '0.5' });
    expect(parseSolInput('007,25', PRICE_RULES)).toMatchObject({ sol: '7.25' });
  });

  it.each([
    ['-1', 'cannot be negative: remove the minus sign'],
    ['-0.5', 'cannot be negative'],
    ['−1', 'cannot be negative'], // the typographic minus
    [-1, 'cannot be negative'],
    ['1.2.3', 'has 2 separators'],
    ['0,5.1', 'has 2 separators'],
    ['1.000,50', 'has 2 separators'],
    ['0.123456789', 'at most 8 decimals'],
    ['abc', 'without letters'],
    ['1e3', 'without letters'],
    ['5 SOL', 'without letters'],
    ['Infinity', 'without letters'],
    ['', 'Price is required'],
    ['   ', 'Price is required'],
    [undefined, 'Price is required'],
    ['.', 'must have digits'],
    ['+1', 'signs are not allowed'],
    ['1 000', 'spaces and signs are not allowed'],
    ['$5', 'signs are not allowed'],
    ['10000000000', 'above the most allowed, 9,999,999,999.99999999 SOL'],
    ['1,000', 'could mean 1000 or 1.000'],
    ['0', 'must be more than 0 SOL'],
    [true, 'must be a number'],
    [Number.NaN, 'must be a number'],
  ])('refuses %j: %s', (input, reason) => {
    expect(reasonOf(input)).toContain(reason);
  });

  it('refuses a price below what an escrow can receive and pay out, saying the smallest one', () => {
    expect(parseSolInput('0.00089587', PRICE_RULES)).toEqual({
      ok: false,
      reason: 'Price must be at least 0.00089588 SOL: less cannot be paid into an escrow and out to a seller',
    });
    // A filter bound has no such floor.
    expect(parseSolInput('0.00000001', { maxDecimals: 8 })).toMatchObject({ ok: true, lamports: 10n });
  });

  it('allows 9 decimals (a lamport) and 0 when the rules say so, and never more than 9', () => {
    expect(parseSolInput('0.000000001', { allowZero: true })).toMatchObject({ ok: true, lamports: 1n });
    expect(parseSolInput('0', { allowZero: true })).toMatchObject({ ok: true, lamports: 0n });
    expect(parseSolInput('0.0000000001', {})).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 9'),
    });
  });
});

describe('the price rules shared by the API schemas and the forms', () => {
  it('keeps the spec messages for empty and zero, and names the real reason otherwise', () => {
    expect(priceProblem('')).toBe('Price is required');
    expect(priceProblem('0')).toBe('Price must be a positive number greater than 0');
    expect(priceProblem('-1')).toBe('Price cannot be negative: remove the minus sign');
    expect(priceProblem('0,5')).toBeNull();
  });

  it('the schema sends on the normal form, so "0,5" is stored as 0.5, never 5', () => {
    expect(priceInputSchema.parse('0,5')).toBe('0.5');
    expect(priceInputSchema.parse('.5')).toBe('0.5');
    expect(priceInputSchema.safeParse('-1').error?.issues[0]?.message).toBe(
      'Price cannot be negative: remove the minus sign',
    );
  });
});
