import { describe, expect, it } from 'vitest';
import { offerPriceProblem } from './make-offer-form';

describe('offerPriceProblem', () => {
  it('accepts a price below the listed one', () => {
    expect(offerPriceProblem('0.04', '0.05')).toBeUndefined();
  });

  it('refuses the listed price or more (buy it instead) and a price that is not one', () => {
    expect(offerPriceProblem('0.05', '0.05')).toMatch(/below the listed 0.05 SOL/);
    expect(offerPriceProblem('1', '0.05')).toMatch(/buy it now/);
    expect(offerPriceProblem('abc', '0.05')).toBeDefined();
    expect(offerPriceProblem('', '0.05')).toBeDefined();
  });
});
