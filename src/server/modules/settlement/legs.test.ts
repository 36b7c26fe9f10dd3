import { describe, expect, it } from 'vitest';
import { planTransfer, type SaleTerms, type UnsentReceipt } from './legs';

const FEE = 5_000n;
const sale: SaleTerms = {
  sellerWallet: 'Seller',
  priceLamports: 1_000_000n,
  commissionLamports: 25_000n,
  treasuryWallet: 'Treasury',
};
const receipt = (signature: string, lamports: bigint, purpose: 'sale' | 'refund', payer = 'Buyer'): UnsentReceipt => ({
  signature,
  payer,
  lamports,
  purpose,
});
/** Everything a plan moves out of the escrow, its fee included: must equal what came in. */
const out = (legs: { lamports: string }[]) => legs.reduce((sum, l) => sum + BigInt(l.lamports), 0n) + FEE;

describe('planTransfer', () => {
  it('a sale pays exactly the price and the commission, and the total empties the escrow', () => {
    const plan = planTransfer([receipt('a', 1_030_000n, 'sale')], sale, FEE)!;
    expect(plan).toEqual({
      kind: 'payout',
      receipts: ['a'],
      legs: [
        { to: 'Seller', lamports: '1000000', kind: 'payout' },
        { to: 'Treasury', lamports: '25000', kind: 'commission' },
      ],
    });
    expect(out(plan.legs)).toBe(1_030_000n);
  });

  it('an overpayment goes back to its payer with the payout', () => {
    const plan = planTransfer([receipt('a', 1_530_000n, 'sale', 'Payer')], sale, FEE)!;
    expect(plan.legs).toContainEqual({ to: 'Payer', lamports: '500000', kind: 'refund' });
    expect(out(plan.legs)).toBe(1_530_000n);
  });

  it('no commission leg without a treasury', () => {
    const plan = planTransfer([receipt('a', 1_005_000n, 'sale')], { ...sale, treasuryWallet: null }, FEE)!;
    expect(plan.legs).toEqual([{ to: 'Seller', lamports: '1000000', kind: 'payout' }]);
  });

  it('refunds beside a sale are whole: the buyer paid the fee in the total', () => {
    const plan = planTransfer(
      [receipt('a', 1_030_000n, 'sale'), receipt('b', 900_000n, 'refund', 'Other')],
      sale,
      FEE,
    )!;
    expect(plan.legs).toContainEqual({ to: 'Other', lamports: '900000', kind: 'refund' });
    expect(plan.receipts).toEqual(['a', 'b']);
    expect(out(plan.legs)).toBe(1_930_000n);
  });

  it('refunds alone pay the fee out of the largest payment', () => {
    const plan = planTransfer(
      [receipt('a', 900_000n, 'refund', 'A'), receipt('b', 2_000_000n, 'refund', 'B')],
      null,
      FEE,
    )!;
    expect(plan).toEqual({
      kind: 'refund',
      receipts: ['a', 'b'],
      legs: [
        { to: 'A', lamports: '900000', kind: 'refund' },
        { to: 'B', lamports: '1995000', kind: 'refund' },
      ],
    });
    expect(out(plan.legs)).toBe(2_900_000n);
  });

  it('tiny refunds that together pay the fee and more: the fee comes out of them all, the escrow still empties', () => {
    const plan = planTransfer([receipt('a', 3_000n, 'refund', 'A'), receipt('b', 4_000n, 'refund', 'B')], null, FEE)!;
    expect(out(plan.legs)).toBe(7_000n);
    expect(plan.legs.every((l) => BigInt(l.lamports) > 0n)).toBe(true);
  });

  it('dust that cannot pay its own fee is left where it is', () => {
    expect(planTransfer([receipt('a', 4_000n, 'refund')], null, FEE)).toBeNull();
    expect(planTransfer([], null, FEE)).toBeNull();
  });

  it('refuses a sale that does not cover its total, or has no terms', () => {
    expect(() => planTransfer([receipt('a', 1_029_999n, 'sale')], sale, FEE)).toThrow(/total/);
    expect(() => planTransfer([receipt('a', 1_030_000n, 'sale')], null, FEE)).toThrow(/terms/);
  });
});
