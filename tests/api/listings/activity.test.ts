import { runVerifierOnce } from '@server/jobs';
import { activitySchema, type ActivityEvent } from '@shared/api/activity';
import { describe, expect, it } from 'vitest';
import { createListing, createUser, userIdOf } from '@tests/helpers/factories';
import { confirm, initiateOk, pay } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer, startedPurchase } from '@tests/helpers/purchase-flows';

/**
 * "Read the market": GET /api/addresses/{id}/activity, read from the rows each event already writes
 * (listing, price_history, purchases). Every event is reached for real: repricing through PATCH, reservations and
 * payments on the local chain, expiry by the background verifier.
 */
const ctx = usePurchaseApp({ admin: true });

const MINUTE = 60_000;

async function activity(id: string, cookie?: string) {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url: `/api/addresses/${id}/activity`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return { res, events: activitySchema.parse(res.json()).events };
}

const kinds = (events: ActivityEvent[]) => events.map((e) => e.kind);

async function reprice(id: string, price: string) {
  const res = await ctx.t.app.inject({
    method: 'PATCH',
    url: `/api/addresses/${id}`,
    headers: { cookie: ctx.admin.cookie },
    payload: { price },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/addresses/{id}/activity', () => {
  it('tells listed, repriced, reserved, released and sold, newest first, with the sale signature', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '1' });
    expect(kinds((await activity(listing.id)).events)).toEqual(['listed']);

    await reprice(listing.id, '0.75');
    const repriced = { ...listing, price: '0.75' };
    // A reservation that lapses unpaid: the background verifier ends it after its window.
    const lapsing = await fundedBuyer(ctx);
    await initiateOk(ctx.t, lapsing, repriced);
    await runVerifierOnce(ctx.t.deps(16 * MINUTE));

    const buyer = await fundedBuyer(ctx);
    const started = await initiateOk(ctx.t, buyer, repriced);
    const signature = await pay(ctx.chain, buyer, started.payment);
    expect((await confirm(ctx.t, buyer, started.transactionId, signature)).json().status).toMatch(/verified|completed/);

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
    const buyerId = await userIdOf(ctx.t, buyer);
    for (const secretish of [
      buyer.walletAddress,
      lapsing.walletAddress,
      ctx.admin.walletAddress,
      buyerId,
      started.transactionId,
      started.payment.reference, // the purchase's escrow
    ]) {
      expect(res.body).not.toContain(secretish);
    }
    expect(res.body).not.toMatch(/buyer|privateKey|disputeReason|failure/i);
  });

  it('a late payment refunded after the sale shows as its reservation released, naming neither buyer nor refund', async () => {
    const { listing, buyer, started } = await startedPurchase(ctx, { seller: ctx.admin, price: '0.5' });
    // Paid after the reservation ended (a late payment), once the listing had sold to someone else meanwhile.
    await runVerifierOnce(ctx.t.deps(16 * MINUTE));
    const winner = await fundedBuyer(ctx);
    const won = await initiateOk(ctx.t, winner, listing);
    const winning = await pay(ctx.chain, winner, won.payment);
    expect((await confirm(ctx.t, winner, won.transactionId, winning)).statusCode).toBe(200);
    const late = await pay(ctx.chain, buyer, started.payment);
    const refunded = await confirm(ctx.t, buyer, started.transactionId, late);
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
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '2' });
    const anonymous = await activity(listing.id);
    const own = await activity(listing.id, ctx.admin.cookie);
    const other = await activity(listing.id, (await createUser(ctx.t)).cookie);
    expect(own.res.body).toBe(anonymous.res.body);
    expect(other.res.body).toBe(anonymous.res.body);
    expect(anonymous.res.headers.etag).toBe(own.res.headers.etag);
    expect(anonymous.res.headers['cache-control']).toBe('public, no-cache'); // this app keeps nothing (age 0)

    const bad = await ctx.t.app.inject({ method: 'GET', url: '/api/addresses/not-a-uuid/activity' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('UUID') });
    const unknown = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/addresses/00000000-0000-4000-8000-000000000000/activity',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('LISTING_NOT_FOUND');

    const removed = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${listing.id}`,
      headers: { cookie: ctx.admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const deleted = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/${listing.id}/activity` });
    expect(deleted.statusCode).toBe(404);
  });
});
