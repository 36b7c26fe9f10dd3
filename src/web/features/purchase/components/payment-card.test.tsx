import { describe, expect, it } from 'vitest';
import { renderStatic, textOf, purchaseView } from '@tests/helpers/render-web';
import { PaymentCard } from './payment-card';

const render = (tx = purchaseView()) =>
  renderStatic(<PaymentCard transaction={tx} paying={false} canPay onPay={() => undefined} walletName="Phantom" />);

describe('PaymentCard (docs/domain.md#settlement)', () => {
  it('breaks the total down, names the escrow it is paid into, and says checking out locks nothing', () => {
    const tx = purchaseView();
    const html = render(tx);
    const text = textOf(html);
    expect(text).toContain('Price0.05 SOL');
    expect(text).toContain('Commission0.00125 SOL');
    expect(text).toContain('Network fee (the payout)0.000005 SOL');
    expect(text).toContain('Total0.051255 SOL');
    expect(text).toContain("Paid into this purchase's escrow; the seller is paid the moment the key is yours.");
    expect(text).toContain(
      'Another buyer can still pay for this address. If their payment lands first, yours comes back to you automatically.',
    );
    expect(html).toContain(`href="https://explorer.solana.com/address/${tx.escrow!}?cluster=custom"`);
    expect(text).toContain(`${tx.escrow!.slice(0, 6)}...${tx.escrow!.slice(-6)}`);
    expect(html).toContain(`aria-label="Copy escrow"`);
    expect(text).toContain('Pay with Phantom');
    expect(text).not.toMatch(/seller directly|reserved for you/);
  });

  it('leaves the commission out when there is none', () => {
    const fees = { price: '0.05', commissionFee: '0.00000000', networkFee: '0.000005', totalAmount: '0.050005' };
    const text = textOf(render(purchaseView({ feeCalculation: fees })));
    expect(text).not.toContain('Commission');
    expect(text).toContain('Total0.050005 SOL');
  });

  it("pays the escrow the server's payment instructions name", () => {
    const tx = purchaseView();
    const recipient = tx.buyer.walletAddress;
    const html = render({ ...tx, payment: { recipient, lamports: '51255000', reference: recipient } });
    expect(html).toContain(`/address/${recipient}?cluster=custom`);
  });
});
