import { describe, expect, it } from 'vitest';
import { renderStatic, signatureFor, textOf, purchaseView } from '@tests/helpers/render-web';
import { PurchaseDetailsCard } from './purchase-details-card';

describe('SettlementRows in the transaction details', () => {
  it('shows the escrow, the payout once it landed, and every refund with the amount refunded', () => {
    const [payout, refund] = [signatureFor(10), signatureFor(11)];
    const tx = purchaseView({
      status: 'completed',
      payoutSignature: payout,
      refundSignatures: [refund],
      refundedLamports: '1000000',
    });
    const html = renderStatic(<PurchaseDetailsCard transaction={tx} />);
    const text = textOf(html);
    expect(html).toContain(`/address/${tx.escrow}?cluster=custom`);
    expect(html).toContain(`/tx/${payout}?cluster=custom`);
    expect(html).toContain(`/tx/${refund}?cluster=custom`);
    // The sale stands: what came back (a bid deposit's rest, a second payment) is not called a refund of it.
    expect(text).toContain('Sent back0.001 SOL');
    expect(text).not.toContain('Refunded');
    expect(text).toContain('Seller paid');
  });

  it('calls what came back of a purchase that did not stand a refund', () => {
    const tx = purchaseView({
      status: 'failed',
      refundSignatures: [signatureFor(12)],
      refundedLamports: '2000000',
    });
    expect(textOf(renderStatic(<PurchaseDetailsCard transaction={tx} />))).toContain('Refunded0.002 SOL');
  });

  it('says the seller is being paid until the payout lands, and shows no refunds when there are none', () => {
    const text = textOf(renderStatic(<PurchaseDetailsCard transaction={purchaseView({ status: 'verified' })} />));
    expect(text).toContain('Paying the seller out of the escrow…');
    expect(text).not.toContain('Refunded');
    const unpaid = textOf(renderStatic(<PurchaseDetailsCard transaction={purchaseView()} />));
    expect(unpaid).toContain('Escrow');
    expect(unpaid).not.toContain('Seller paid');
  });

  it('names no escrow and waits for no payout for a sale recorded without one (the demo shop)', () => {
    const html = renderStatic(
      <PurchaseDetailsCard transaction={purchaseView({ status: 'completed', escrow: null })} />,
    );
    expect(textOf(html)).not.toMatch(/Escrow|Seller paid|Paying the seller/);
  });
});
