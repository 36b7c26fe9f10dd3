import { REFUND_REASONS } from '@shared/domain-values';
import { describe, expect, it } from 'vitest';
import { awaitsRefund, failureText, paymentSignatureOf, refundText } from './purchase-failure';

const SIG = '5'.repeat(87);
const refunded = (failureCode: string | null, refundSignatures: string[] = [SIG], refundedLamports = '50995000') => ({
  failureKind: 'refunded' as const,
  failureCode,
  refundSignatures,
  refundedLamports,
});

describe('refundText', () => {
  it('tells a buyer who lost the race that the refund landed, and how much came back', () => {
    const text = refundText(refunded('LOST_RACE'));
    expect(text.title).toBe('Refunded: another payment landed first');
    expect(text.what).toMatch(/reached the chain first/);
    expect(text.next).toBe('0.050995 SOL went back to the wallet that paid, after the network fee.');
  });

  it('says "Refund on its way" until a refund signature exists, whatever the reason', () => {
    const text = refundText(refunded('LOST_RACE', [], '0'));
    expect(text.title).toBe('Refund on its way');
    expect(text.reason).toBe('another payment landed first');
    expect(text.next).toMatch(/minus the network fee/);
  });

  it('gives every refund reason its own title, without the code', () => {
    const titles = REFUND_REASONS.map((code) => refundText(refunded(code)).title);
    expect(titles).toEqual([
      'Refunded: another payment landed first',
      'Refunded: the payment was short',
      'Refunded: the payment came from another wallet',
      'Refunded: this purchase was already paid',
      'Refunded: this purchase had already closed',
      'Refunded: this address was no longer for sale',
      'Refunded: the address failed its safety re-check',
      // An order's deposit: the same settlement sends these back.
      'Refunded: nothing was found by the deadline',
      'Refunded: the order was cancelled',
      'Refunded: this order had already closed',
      // A bid's or an offer's deposit (docs/domain.md#bids-and-offers): the same settlement again.
      'Refunded: the bid was cancelled',
      'Refunded: the bid expired',
      'Refunded: this bid was already funded or had ended',
      'Refunded: the seller declined the offer',
      'Refunded: the address was sold to someone else',
    ]);
    for (const code of REFUND_REASONS) expect(Object.values(refundText(refunded(code))).join(' ')).not.toContain(code);
    expect(refundText(refunded('SOMETHING_NEW')).title).toBe('Refunded: the payment could not buy the key');
  });
});

describe('awaitsRefund', () => {
  it('is a refunded purchase with no refund landed yet', () => {
    expect(awaitsRefund(refunded('LOST_RACE', []))).toBe(true);
    expect(awaitsRefund(refunded('LOST_RACE'))).toBe(false);
    expect(awaitsRefund({ failureKind: 'expired', refundSignatures: [] })).toBe(false);
    expect(awaitsRefund({ failureKind: null, refundSignatures: [] })).toBe(false);
  });
});

describe('failureText', () => {
  it('says what happened and what to do next, without the check code or lamports', () => {
    const text = failureText({ failureKind: 'payment_rejected', failureCode: 'AMOUNT_TOO_LOW' });
    expect(text.title).toBe('The payment was less than the total');
    expect(text.next).toMatch(/buy again/);
    expect(Object.values(text).join(' ')).not.toMatch(/AMOUNT_TOO_LOW|lamports/);
  });

  it('tells a pre-escrow refund-due purchase as history, and an expired checkout that nothing was charged', () => {
    const history = failureText({ failureKind: 'refund_due', failureCode: 'AMOUNT_TOO_LOW' }).next;
    expect(history).toMatch(/from before payments went through escrow/);
    expect(history).not.toMatch(/should return|owes/);
    expect(failureText({ failureKind: 'expired', failureCode: null }).what).toMatch(/Nothing was charged/);
    expect(failureText({ failureKind: 'payment_rejected', failureCode: 'SOMETHING_NEW' }).title).toBe(
      'The payment did not pass our checks',
    );
  });
});

describe('paymentSignatureOf', () => {
  it('finds the signature in a pre-escrow refund-due reason, not an address', () => {
    const wallet = '7'.repeat(44);
    expect(
      paymentSignatureOf(`Refund due: 0.025 SOL reached the seller in transaction ${SIG}; return it to ${wallet}.`),
    ).toBe(SIG);
    expect(paymentSignatureOf(`return it to ${wallet}`)).toBeNull();
    expect(paymentSignatureOf(null)).toBeNull();
  });
});
