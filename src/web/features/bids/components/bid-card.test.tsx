import type { Bid } from '@shared/api/bids';
import { describe, expect, it } from 'vitest';
import { renderStatic, signatureFor, textOf } from '@tests/helpers/render-web';
import { BidCard } from './bid-card';

const ADDRESS = 'AbCdEfGhJkLmNpQrStUvWxYz23456789abcdefghijk';
const ESCROW = 'EscrowEscrowEscrowEscrowEscrowEscrowEscr111';
const bid = (overrides: Partial<Bid> = {}): Bid => ({
  id: '00000000-0000-4000-8000-000000000001',
  pattern: 'ab',
  position: 'prefix',
  caseSensitive: false,
  maxPrice: '0.1',
  address: null,
  filledPrice: null,
  grindIfMissing: false,
  orderId: null,
  total: '0.102505',
  status: 'awaiting-deposit',
  expiresAt: '2026-12-01T12:00:00.000Z',
  createdAt: '2026-11-26T12:00:00.000Z',
  fundedAt: null,
  closedAt: null,
  transactionId: null,
  payment: { recipient: ESCROW, lamports: '102505000', reference: ESCROW },
  refundSignatures: [],
  ...overrides,
});
const render = (b: Bid) =>
  renderStatic(
    <BidCard
      bid={b}
      cancelling={false}
      onCancel={() => undefined}
      deposit={{ paying: false, sent: false, onPay: () => undefined }}
    />,
  );

describe('BidCard', () => {
  it('asks for the deposit into the bid’s own escrow while it is awaited, and can be cancelled', () => {
    const html = render(bid());
    const text = textOf(html);
    expect(text).toContain('Starts with ab (any case)');
    expect(text).toContain('Awaiting deposit');
    expect(text).toContain('Up to 0.1 SOL');
    expect(text).toContain("Deposit 0.102505 SOL into this bid's own escrow.");
    expect(text).toContain('Pay 0.102505 SOL deposit');
    expect(html).toContain(`/address/${ESCROW}?cluster=custom`);
    expect(text).toContain('Cancel bid');
    // The phone's way to pay, folded: its QR is drawn only once opened.
    expect(text).toContain('Pay from a phone wallet');
    expect(html).not.toContain('data-solana-pay-url');
  });

  it('shows a filled bid’s address, the price paid, the way to its key and the refund of the rest', () => {
    const refund = signatureFor(7);
    const html = render(
      bid({
        status: 'filled',
        address: ADDRESS,
        filledPrice: '0.05',
        transactionId: 'tx-1',
        payment: null,
        closedAt: '2026-11-27T12:00:00.000Z',
        refundSignatures: [refund],
      }),
    );
    const text = textOf(html);
    expect(text).toContain(`Bought for 0.05 SOL: ${ADDRESS}`);
    expect(html).toContain('href="/secure-transaction/tx-1"');
    expect(text).toContain('Reveal the key');
    expect(html).toContain(`/tx/${refund}?cluster=custom`);
    expect(text).not.toContain('Cancel bid');
    expect(text).not.toContain('deposit');
  });
});
