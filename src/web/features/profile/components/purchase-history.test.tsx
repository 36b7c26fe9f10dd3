import { describe, expect, it } from 'vitest';
import { renderStatic, signatureFor, textOf, purchaseView } from '@tests/helpers/render-web';
import { PurchaseHistory } from './purchase-history';

const render = (items: ReturnType<typeof purchaseView>[], wallet: string) =>
  renderStatic(<PurchaseHistory items={items} loading={false} error={null} wallet={wallet} />);

describe('PurchaseHistory', () => {
  it('shows a refunded purchase to its buyer as Refunded, with the amount and the refund transaction', () => {
    const refund = signatureFor(20);
    const tx = purchaseView({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      refundSignatures: [refund],
      refundedLamports: '51250000',
    });
    const html = render([tx], tx.buyer.walletAddress);
    const text = textOf(html);
    expect(text).toContain('Refunded');
    expect(text).toContain('0.05125 SOL refunded');
    // Its status badge too: a refund, not a loss.
    expect(html).toMatch(/data-testid="transaction-status">.*Refunded<\/span>/);
    expect(text).not.toContain('Failed');
    expect(html).toContain(`/tx/${refund}?cluster=custom`);
    expect(html).toContain('data-testid="history-refund-signature"');
    expect(text).not.toContain('Refund due');
  });

  it('says "Refund on its way" before the refund lands', () => {
    const tx = purchaseView({ status: 'failed', failureKind: 'refunded', failureCode: 'AMOUNT_TOO_LOW' });
    expect(textOf(render([tx], tx.buyer.walletAddress))).toContain('Refund on its way');
  });

  it('shows the seller no refund to make: a refunded purchase is no sale, and a pre-escrow one is history', () => {
    const refunded = purchaseView({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      refundSignatures: [signatureFor(21)],
      refundedLamports: '1',
    });
    const old = purchaseView({
      status: 'failed',
      failureKind: 'refund_due',
      failureCode: 'AMOUNT_TOO_LOW',
      seller: refunded.seller,
    });
    const html = render([refunded, old], refunded.seller.walletAddress);
    const text = textOf(html);
    expect(text).toContain('Not sold');
    expect(text).not.toMatch(/Refund due|SOL refunded|Refund on its way/);
    expect(html).not.toContain('history-refund');
  });
});
