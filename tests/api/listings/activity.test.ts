import { runVerifierOnce } from '@server/jobs';
import { activitySchema, type ActivityEvent } from '@shared/api/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  confirm,
  createPurchaseApp,
  createTestChain,
  fund,
  initiateOk,
  pay,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';

/**
 * "Read the market": GET /api/addresses/{id}/activity, read from the rows each event already writes
 * (listing, price_history, purchases). Every event is reached for real: repricing through PATCH, reservations and
 * payments on the local chain, expiry by the background verifier.
 */
let chain: TestChain;
let t: PurchaseTestApp;
let seller: SignedInWallet;

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
  seller = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const MINUTE = 60_000;

async function activity(id: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/addresses/${id}/activity`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, events: activitySchema.parse(res.json()).events };
}

const kinds = (events: ActivityEvent[]) => events.map((e) => e.kind);

async function reprice(id: string, price: string) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/addresses/${id}`,
    headers: { cookie: seller.cookie },
    payload: { price },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/addresses/{id}/activity', () => {
  it('tells listed, repriced, reserved, released and sold, newest first, with the sale signature', async () => {
    const { listing } = await createListing(t, { seller, price: '1' });
    expect(kinds((await activity(listing.id)).events)).toEqual(['listed']);

    await reprice(listing.id, '0.75');
    const repriced = { ...listing, price: '0.75' };
    // A reservation that lapses unpaid: the background verifier ends it after its window.
    const lapsing = await createUser(t);
    await fund(chain, lapsing.walletAddress);
    await initiateOk(t, lapsing, repriced);
    await runVerifierOnce(t.deps(16 * MINUTE));

    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, repriced);
    const signature = await pay(chain, buyer, started.payment);
    expect((await confirm(t, buyer, started.transactionId, signature)).json().status).toMatch(/verified|completed/);

    const { res, events } = await activity(listing.id);
    expect(kinds(events)).toEqual(['sold', 'reserved', 'released', 'reserved', 'repriced', 'listed']);
    expect(events[0]).toMatchObject({ kind: 'sold', price: '0.75', currency: 'SOL', signature });
    expect(events.find((e) => e.kind === 'repriced')).toMatchObject({ price: '0.75', previousPrice: '1' });
    expect(events.at(-1)).toMatchObject({ kind: 'listed', price: '1', at: listing.createdAt, signature: null });
    // Only payments carry a signature; the times run backwards.
    expect(events.filter((e) => e.signature !== null).map((e) => e.kind)).toEqual(['sold']);
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Nothing about who: no wallet, no user or purchase id, no escrow.
    const [buyerRow] = await t.database.query<{ id: string }>('select id from users where wallet_address = $1', [
      buyer.walletAddress,
    ]);
    for (const secretish of [
      buyer.walletAddress,
      lapsing.walletAddress,
      seller.walletAddress,
      buyerRow!.id,
      started.transactionId,
      started.payment.reference, // the purchase's escrow
    ]) {
      expect(res.body).not.toContain(secretish);
    }
    expect(res.body).not.toMatch(/buyer|privateKey|disputeReason|failure/i);
  });

  it('a late payment refunded after the sale shows as its reservation released, naming neither buyer nor refund', async () => {
    const { listing } = await createListing(t, { seller, price: '0.5' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, listing);
    // Paid after the reservation ended (a late payment), once the listing had sold to someone else meanwhile.
    await runVerifierOnce(t.deps(16 * MINUTE));
    const winner = await createUser(t);
    await fund(chain, winner.walletAddress);
    const won = await initiateOk(t, winner, listing);
    const winning = await pay(chain, winner, won.payment);
    expect((await confirm(t, winner, won.transactionId, winning)).statusCode).toBe(200);
    const late = await pay(chain, buyer, started.payment);
    const refunded = await confirm(t, buyer, started.transactionId, late);
    expect(refunded.json()).toMatchObject({ failureKind: 'refunded', failureCode: 'LOST_RACE' });

    // The refund is the shop's and the buyer's business: the listing tells its reservation ended, and its sale.
    const { res, events } = await activity(listing.id);
    expect(kinds(events).sort()).toEqual(['listed', 'released', 'reserved', 'reserved', 'sold']);
    expect(events.find((e) => e.kind === 'sold')).toMatchObject({ price: '0.5', signature: winning });
    expect(events.find((e) => e.kind === 'released')).toMatchObject({ price: '0.5', signature: null });
    expect(res.body).not.toContain(late);
    expect(res.body).not.toContain(buyer.walletAddress);
    expect(res.body).not.toContain(started.payment.recipient);
    expect(res.body).not.toMatch(/refund/i);
  });

  it('is the same bytes for every caller, with the public cache headers, and refuses bad ids', async () => {
    const { listing } = await createListing(t, { seller, price: '2' });
    const anonymous = await activity(listing.id);
    const own = await activity(listing.id, seller.cookie);
    const other = await activity(listing.id, (await createUser(t)).cookie);
    expect(own.res.body).toBe(anonymous.res.body);
    expect(other.res.body).toBe(anonymous.res.body);
    expect(anonymous.res.headers.etag).toBe(own.res.headers.etag);
    expect(anonymous.res.headers['cache-control']).toBe('public, no-cache'); // this app keeps nothing (age 0)

    const bad = await t.app.inject({ method: 'GET', url: '/api/addresses/not-a-uuid/activity' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('UUID') });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/addresses/00000000-0000-4000-8000-000000000000/activity',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('LISTING_NOT_FOUND');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${listing.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'GET', url: `/api/addresses/${listing.id}/activity` });
    expect(deleted.statusCode).toBe(404);
  });
});
