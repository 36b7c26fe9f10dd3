import { describe, expect, it } from 'vitest';
import { failureText, refundSignatureOf } from './purchase-failure';

describe('failureText', () => {
  it('says what happened and what to do next, without the check code or lamports', () => {
    const text = failureText({ failureKind: 'payment_rejected', failureCode: 'AMOUNT_TOO_LOW' });
    expect(text.title).toBe('The payment was less than the price');
    expect(text.next).toMatch(/buy again/);
    expect(Object.values(text).join(' ')).not.toMatch(/AMOUNT_TOO_LOW|lamports/);
  });

  it('tells a buyer owed a refund where the SOL went, and an expired reservation that nothing was charged', () => {
    expect(failureText({ failureKind: 'refund_due', failureCode: 'AMOUNT_TOO_LOW' }).next).toMatch(/owes it back/);
    expect(failureText({ failureKind: 'expired', failureCode: null }).what).toMatch(/Nothing was charged/);
    expect(failureText({ failureKind: 'payment_rejected', failureCode: 'SOMETHING_NEW' }).title).toBe(
      'The payment did not pass our checks',
    );
  });
});

describe('refundSignatureOf', () => {
  it('finds the signature in a refund-due reason, not an address', () => {
    const sig = '5'.repeat(87);
    const wallet = '7'.repeat(44);
    expect(
      refundSignatureOf(`Refund due: 0.025 SOL reached the seller in transaction ${sig}; return it to ${wallet}.`),
    ).toBe(sig);
    expect(refundSignatureOf(`return it to ${wallet}`)).toBeNull();
    expect(refundSignatureOf(null)).toBeNull();
  });
});
