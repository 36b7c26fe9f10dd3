import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { Order } from '@shared/api/orders';
import { renderStatic, textOf } from '@tests/helpers/render-web';
import { OrderProgress } from './order-progress';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

const queued: Order = {
  id: '00000000-0000-4000-8000-000000000001',
  lane: 'wallet',
  pattern: 'Abc',
  position: 'prefix',
  caseSensitive: true,
  status: 'queued',
  price: '0.002',
  probability: 1 / 57_000,
  expectedAttempts: 57_000,
  attempts: 0,
  keysPerSecond: 60_000,
  chanceFoundByNow: 0,
  etaSeconds: 0.95,
  queuePosition: 3,
  waitedPastEta: false,
  closedReason: null,
  address: null,
  addressId: null,
  reservedUntil: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  foundAt: null,
  purchaseId: null,
  basePoint: null,
  base: null,
  owner: null,
  tweak: null,
  seed: null,
  payment: null,
  deadline: null,
  payoutSignature: null,
  refundSignatures: [],
  receipt: null,
};

const render = (order: Order) =>
  text(
    renderToStaticMarkup(
      <Router ssrPath="/order">
        <OrderProgress order={order} onCancel={() => undefined} cancelling={false} />
      </Router>,
    ),
  );

describe('OrderProgress', () => {
  it('tells a queued order that waited past its quote how many orders are ahead', () => {
    expect(render(queued)).not.toContain('Waiting longer than quoted');
    expect(render({ ...queued, waitedPastEta: true })).toContain(
      "Waiting longer than quoted: 3 orders are ahead of yours. Every wallet's first order is ground before anyone's second.",
    );
    expect(render({ ...queued, waitedPastEta: true, queuePosition: 0 })).toContain(
      'Waiting longer than quoted: yours is next.',
    );
  });

  it('shows why an order ended early', () => {
    const reason = 'Your wallet held 0 SOL when the address was found, less than the order’s 0.002 SOL.';
    expect(render({ ...queued, status: 'expired', queuePosition: null, closedReason: reason })).toContain(reason);
  });

  it('tells a paid-up-front order its deadline, its refund, and that it expired unpaid', () => {
    const splitKey: Order = { ...queued, lane: 'split-key', deadline: '2026-11-27T07:00:00.000Z' };
    const said = (order: Order) =>
      textOf(renderStatic(<OrderProgress order={order} onCancel={() => undefined} cancelling={false} />));
    expect(said(splitKey)).toContain('your payment goes back to your wallet automatically');
    const refunded = said({ ...splitKey, status: 'refunded', queuePosition: null, refundSignatures: ['5'.repeat(88)] });
    expect(refunded).toContain('Nothing was found by the deadline');
    expect(refunded).toContain('Refund: 555555...555555');
    expect(said({ ...splitKey, status: 'expired', queuePosition: null })).toContain('Expired unpaid');
    expect(said({ ...queued, status: 'expired', queuePosition: null })).toContain('Reservation expired');
  });

  it('sends the requester of a purchased find to its key and its sale receipt', () => {
    const address = '9'.repeat(44);
    const purchaseId = '00000000-0000-4000-8000-0000000000aa';
    const receipt = { kind: 'sale', statement: { type: 'vanity-vault/sale-receipt/v1' }, signature: 's', signer: 'k' };
    const order: Order = { ...queued, status: 'purchased', queuePosition: null, address, purchaseId };
    const html = renderStatic(<OrderProgress order={order} onCancel={() => undefined} cancelling={false} />, [
      [['transactions', purchaseId, 'receipts'], [receipt]],
    ]);
    expect(textOf(html)).toContain('Bought: this address and its key are yours.');
    expect(html).toContain(`href="/secure-transaction/${purchaseId}"`);
    expect(textOf(html)).toContain('Reveal the key');
    expect(textOf(html)).toContain('Sale receipt');
    expect(textOf(html)).toContain('Verify a receipt');
    // Without the purchase (bought before the view carried it), the profile lists it.
    const older = renderStatic(
      <OrderProgress order={{ ...order, purchaseId: null }} onCancel={() => undefined} cancelling={false} />,
    );
    expect(older).toContain('href="/profile"');
    expect(older).not.toContain('secure-transaction');
  });

  it('sends a lapsed reservation to the address page, without saying the address is still for sale', () => {
    const address = '9'.repeat(44);
    const html = renderToStaticMarkup(
      <Router ssrPath="/order">
        <OrderProgress
          order={{ ...queued, status: 'expired', queuePosition: null, address, reservedUntil: queued.createdAt }}
          onCancel={() => undefined}
          cancelling={false}
        />
      </Router>,
    );
    expect(text(html)).toContain('Found, then put on open sale:');
    expect(text(html)).not.toContain('now on open sale');
    expect(html).toContain(`href="/address/${address}"`);
    expect(text(html)).toContain('View the address');
    expect(text(html)).not.toContain('Buy it now');
  });
});
