import { describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { initiatePurchase } from '@server/modules/purchases';
import { createListing, createUser, type CreatedListing } from '@tests/helpers/factories';
import { initiate, initiateOk, listingStatus, SOL, statusOf } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';

/** One wallet must not be able to take the whole shop off the market (docs/domain.md#reservation-limits). */
const ctx = usePurchaseApp({ admin: true });

const listings = async (n: number, price = '0.5') => {
  const made: CreatedListing[] = [];
  for (let i = 0; i < n; i += 1) made.push(await createListing(ctx.t, { seller: ctx.admin, price }));
  return made;
};

describe('reservation squatting', () => {
  it('an empty wallet reserves none of 20 listings, and an honest buyer still gets them', async () => {
    const shop = await listings(20);
    const squatter = await createUser(ctx.t);
    for (const { listing } of shop) {
      const res = await initiate(ctx.t, squatter, listing);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('INSUFFICIENT_FUNDS');
      // The amounts are named: what the wallet holds and what the purchase needs.
      expect(res.json().message).toMatch(/holds 0 SOL; this purchase needs 0\.5\d* SOL/);
    }
    for (const { listing } of shop) expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
    const [{ n }] = (await ctx.t.database.query<{ n: number }>('select count(*)::int as n from transactions')) as [
      { n: number },
    ];
    expect(n).toBe(0);

    const honest = await fundedBuyer(ctx);
    await initiateOk(ctx.t, honest, shop[0]!.listing);
  });

  it('a funded wallet holds at most 2 open reservations, and its balance must cover them all', async () => {
    const shop = await listings(4, '1');
    const buyer = await fundedBuyer(ctx, 2n * SOL + SOL / 10n);
    await initiateOk(ctx.t, buyer, shop[0]!.listing);
    // 2.1 SOL covers one 1-SOL purchase plus fees twice, but not a third on top.
    await initiateOk(ctx.t, buyer, shop[1]!.listing);
    const third = await initiate(ctx.t, buyer, shop[2]!.listing);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('TOO_MANY_RESERVATIONS');
    expect((await listingStatus(ctx.t, shop[2]!.listing.id))?.status).toBe('available');

    const poorer = await fundedBuyer(ctx, SOL + SOL / 2n);
    await initiateOk(ctx.t, poorer, shop[2]!.listing);
    const second = await initiate(ctx.t, poorer, shop[3]!.listing);
    expect(second.json().error).toBe('INSUFFICIENT_FUNDS');
    expect(second.json().message).toMatch(/on top of 1\.\d+ SOL for your other open purchase/);
  });

  it('a wallet that lets a reservation lapse waits out the cool-down before reserving that listing again', async () => {
    const [first, other] = await listings(2);
    const buyer = await fundedBuyer(ctx);
    const started = await initiateOk(ctx.t, buyer, first!.listing);
    await runVerifierOnce(ctx.t.deps(16 * 60_000)); // the 15-minute window passes unpaid
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('failed');
    expect((await listingStatus(ctx.t, first!.listing.id))?.status).toBe('available');

    const again = await initiate(ctx.t, buyer, first!.listing);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toBe('RESERVATION_COOLDOWN');
    // Other listings, and other buyers, are not held up by it.
    await initiateOk(ctx.t, buyer, other!.listing);
    const someoneElse = await fundedBuyer(ctx);
    const theirs = await initiateOk(ctx.t, someoneElse, first!.listing);
    await runVerifierOnce(ctx.t.deps(16 * 60_000));
    expect((await statusOf(ctx.t, theirs.transactionId))?.status).toBe('failed');

    // Once the cool-down (15 minutes after the reservation ended) is over, the first buyer may reserve it again.
    const later = ctx.t.deps(31 * 60_000);
    const input = { addressId: first!.listing.id, buyerId: buyer.walletAddress, price: 0.5, currency: 'SOL' };
    const { response: retry } = await initiatePurchase(
      later,
      { ...input, membershipTier: 'basic' },
      { wallet: buyer.walletAddress },
    );
    expect(retry.status).toBe('initiated');
  });
});
