import { describe, expect, it } from 'vitest';
import { renderStatic, signatureFor, textOf, purchaseView } from '@tests/helpers/render-web';
import { PurchaseFailedCard } from './purchase-failed-card';

const lostRace = (refundSignatures: string[]) =>
  purchaseView({
    status: 'failed',
    failureKind: 'refunded',
    failureCode: 'LOST_RACE',
    disputeReason: 'Another payment into this address landed first; this one was refunded.',
    refundSignatures,
    refundedLamports: refundSignatures.length ? '51250000' : '0',
  });

describe('PurchaseFailedCard, refunded (docs/domain.md#settlement)', () => {
  it("shows the buyer who lost the race the refund's transaction and what came back", () => {
    const refund = signatureFor(1);
    const tx = lostRace([refund]);
    const html = renderStatic(<PurchaseFailedCard transaction={tx} viewer={tx.buyer.walletAddress} />);
    const text = textOf(html);
    expect(html).toContain('data-testid="purchase-refunded"');
    expect(html).not.toContain('data-testid="purchase-failed"');
    expect(text).toContain('Refunded: another payment landed first');
    expect(text).toContain('0.05125 SOL went back to the wallet that paid, after the network fee.');
    expect(html).toContain(`href="https://explorer.solana.com/tx/${refund}?cluster=custom"`);
    expect(html).toContain('data-testid="refund-signature"');
    expect(text).toContain('Back to the address');
    expect(text).not.toMatch(/Refund due|owes|should return/i);
  });

  it('says "Refund on its way" until the refund lands, with the reason', () => {
    const tx = lostRace([]);
    const text = textOf(renderStatic(<PurchaseFailedCard transaction={tx} viewer={tx.buyer.walletAddress} />));
    expect(text).toContain('Refund on its way');
    expect(text).toContain('Why: another payment landed first.');
    expect(text).not.toContain('Refund transaction');
  });

  it('tells anyone else (the seller) that the payment went back, and offers them nothing to do', () => {
    const tx = lostRace([signatureFor(2)]);
    const text = textOf(renderStatic(<PurchaseFailedCard transaction={tx} viewer={tx.seller.walletAddress} />));
    expect(text).toContain("The buyer's payment was sent back: another payment landed first.");
    expect(text).not.toContain('Back to the address');
  });

  it('shows a purchase from before escrow as history, without asking the seller to return anything', () => {
    const payment = signatureFor(3);
    const tx = purchaseView({
      status: 'failed',
      failureKind: 'refund_due',
      failureCode: 'AMOUNT_TOO_LOW',
      disputeReason: `Refund due: 0.01 SOL reached the seller in transaction ${payment}.`,
    });
    const html = renderStatic(<PurchaseFailedCard transaction={tx} viewer={tx.buyer.walletAddress} />);
    const text = textOf(html);
    expect(text).toContain('Purchase Failed');
    expect(text).toContain('from before payments went through escrow');
    expect(text).not.toMatch(/Refund Due|owes|should return/);
    expect(html).toContain(payment);
  });
});
