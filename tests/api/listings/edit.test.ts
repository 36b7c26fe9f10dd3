import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expirePromotions } from '@server/modules/listings';
import { createAdmin, createListing, createUser, listingTableCounts, userIdOf } from '@tests/helpers/factories';
import { balanceOf, confirm, countRows, listingStatus, pay, SOL, verify } from '@tests/helpers/purchases';
import { startedPurchase } from '@tests/helpers/purchase-flows';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';
import { useAppWithAdmin } from '@tests/helpers/app-suite';

const ctx = useAppWithAdmin();

const patch = (id: string, payload: object, cookie?: string) =>
  ctx.t.app.inject({ method: 'PATCH', url: `/api/addresses/${id}`, payload, headers: cookie ? { cookie } : {} });
const del = (id: string, cookie?: string) =>
  ctx.t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}`, headers: cookie ? { cookie } : {} });

async function expectNoChange(
  run: () => Promise<{ statusCode: number; json(): { error: string } }>,
  status: number,
  code: string,
) {
  const before = await listingTableCounts(ctx.t);
  const res = await run();
  expect(res.statusCode).toBe(status);
  expect(res.json().error).toBe(code);
  expect(await listingTableCounts(ctx.t)).toEqual(before);
}

/** An open purchase of the listing, as the purchases module would create it. */
async function openPurchase(listingId: string, sellerId: string) {
  const buyer = await createUser(ctx.t);
  const buyerId = await userIdOf(ctx.t, buyer);
  await ctx.t.database.query(
    `insert into transactions (address_id, buyer_id, buyer_wallet, seller_id, price, total_amount, status, payment_reference, payment_memo, recipient_wallet, price_lamports)
     values ($1, $2, $3, $4, 1, 1, 'initiated', $5, 'vv:test', 'x', 1000000000)`,
    [listingId, buyerId, buyer.walletAddress, sellerId, randomUUID()],
  );
}

describe('PATCH /api/addresses/{id}', () => {
  it('changes the price alone and writes price_history and an audit row', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '2' });
    const res = await patch(listing.id, { price: '3' }, ctx.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: '3', currency: 'SOL' });
    const history = await ctx.t.database.query(
      'select change_type, price, previous_price, change_percentage from price_history where address_id = $1',
      [listing.id],
    );
    expect(history).toEqual([
      { change_type: 'price_change', price: '3.00000000', previous_price: '2.00000000', change_percentage: '50.0000' },
    ]);
    const [audit] = await ctx.t.database.query<{ n: number }>(
      "select count(*)::int as n from transaction_audit where action = 'listing.update'",
    );
    expect(audit!.n).toBeGreaterThan(0);
  });

  it('reads a typed price as the create form does: "0,5" is 0.5 SOL, "-1" is refused with the reason', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '2' });
    const res = await patch(listing.id, { price: '0,5' }, ctx.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: '0.5' });
    for (const [price, message] of [
      ['-1', 'Price cannot be negative: remove the minus sign'],
      ['1.2,3', 'Price has 2 separators: use one decimal separator, "." or "," (e.g. 0.5 or 0,5)'],
      ['1.123456789', 'Price can have at most 8 decimals'],
      ['5 SOL', 'Price must be digits only, without letters (e.g. 0.5)'],
      ['10000000000', 'Price is above the most allowed, 9,999,999,999.99999999 SOL'],
    ]) {
      const before = await listingTableCounts(ctx.t);
      const refused = await patch(listing.id, { price }, ctx.admin.cookie);
      expect(refused.statusCode, price).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'VALIDATION_FAILED', message });
      expect(await listingTableCounts(ctx.t)).toEqual(before);
    }
  });

  it('toggles featured and back, with listing_promotions rows', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin });
    const on = (await patch(listing.id, { promotionType: 'featured', isFeatured: true }, ctx.admin.cookie)).json();
    expect(on).toMatchObject({
      promotionType: 'featured',
      isFeatured: true,
      isPromoted: false,
      isPremiumListing: false,
    });
    const off = (await patch(listing.id, { promotionType: 'standard', isFeatured: false }, ctx.admin.cookie)).json();
    expect(off).toMatchObject({ promotionType: 'standard', isFeatured: false, featuredUntil: null });
    const promos = await ctx.t.database.query(
      'select promotion_type, is_active from listing_promotions where address_id = $1',
      [listing.id],
    );
    expect(promos).toEqual([{ promotion_type: 'featured', is_active: false }]);
  });

  it('applies the full edit form: one listing type sets exactly one flag', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin });
    const res = await patch(
      listing.id,
      {
        price: '0.25',
        currency: 'SOL',
        pattern: 'abc',
        category: 'premium',
        isListed: false,
        isFeatured: false,
        isPromoted: true,
        isPremiumListing: false,
        promotionType: 'premium',
      },
      ctx.admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      price: '0.25',
      pattern: 'abc',
      category: 'premium',
      isListed: false,
      promotionType: 'premium',
      isPremiumListing: true,
      isPromoted: false,
      isFeatured: false,
    });
  });

  it('falls back to standard when the promotion expires (expirePromotions job)', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, promotionType: 'promoted' });
    await ctx.t.database.query(
      "update listing_promotions set end_time = now() - interval '1 second' where address_id = $1",
      [listing.id],
    );
    await ctx.t.database.query("update addresses set featured_until = now() - interval '1 second' where id = $1", [
      listing.id,
    ]);
    expect(await expirePromotions(ctx.t.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.t.database.query(
      'select promotion_type, is_promoted, featured_until from addresses where id = $1',
      [listing.id],
    );
    expect(row).toEqual({ promotion_type: 'standard', is_promoted: false, featured_until: null });
  });

  it('refuses bad input, strangers and non-owners without changing anything', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '2' });
    for (const price of ['0', '-1', 'abc', ''])
      await expectNoChange(() => patch(listing.id, { price }, ctx.admin.cookie), 400, 'VALIDATION_FAILED');
    await expectNoChange(() => patch(listing.id, { currency: 'BTC' }, ctx.admin.cookie), 400, 'VALIDATION_FAILED');
    await expectNoChange(() => patch(listing.id, { category: '' }, ctx.admin.cookie), 400, 'VALIDATION_FAILED');
    await expectNoChange(() => patch(listing.id, { unknownField: 1 }, ctx.admin.cookie), 400, 'VALIDATION_FAILED');
    await expectNoChange(() => patch(listing.id, {}, ctx.admin.cookie), 400, 'NOTHING_TO_UPDATE');
    await expectNoChange(() => patch('not-a-uuid', { price: '1' }, ctx.admin.cookie), 400, 'VALIDATION_FAILED');
    await expectNoChange(() => patch(randomUUID(), { price: '1' }, ctx.admin.cookie), 404, 'LISTING_NOT_FOUND');
    await expectNoChange(() => patch(listing.id, { price: '1' }), 401, 'SESSION_REQUIRED');
    const user = await createUser(ctx.t);
    await expectNoChange(() => patch(listing.id, { price: '1' }, user.cookie), 403, 'ADMIN_REQUIRED');
    const otherAdmin = await createAdmin(ctx.t);
    await expectNoChange(() => patch(listing.id, { price: '1' }, otherAdmin.cookie), 403, 'NOT_LISTING_OWNER');
  });

  it('an unpaid reservation holds nothing: the seller reprices, unlists and deletes; a sold listing is final', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '2' });
    await openPurchase(listing.id, listing.sellerId);
    expect((await patch(listing.id, { price: '5' }, ctx.admin.cookie)).statusCode).toBe(200);
    expect((await patch(listing.id, { isListed: false }, ctx.admin.cookie)).statusCode).toBe(200);
    expect((await del(listing.id, ctx.admin.cookie)).statusCode).toBe(200);
    const sold = (await createListing(ctx.t, { seller: ctx.admin })).listing;
    await ctx.t.database.query("update addresses set status = 'sold', is_listed = false where id = $1", [sold.id]);
    await expectNoChange(() => patch(sold.id, { category: 'rare' }, ctx.admin.cookie), 409, 'LISTING_SOLD');
    await expectNoChange(() => del(sold.id, ctx.admin.cookie), 409, 'LISTING_SOLD');
  });
});

/**
 * The seller against a buyer's payment, on the local chain (docs/domain.md#settlement): once a payment has landed in
 * the escrow of one of the listing's purchases, and until settlement decides it, the listing is being sold.
 */
describe('editing a listing a buyer is paying for', () => {
  const paying = usePurchaseApp({ admin: true });

  const edit = (id: string, payload: object) =>
    paying.t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${id}`,
      payload,
      headers: { cookie: paying.admin.cookie },
    });
  const remove = (id: string) =>
    paying.t.app.inject({ method: 'DELETE', url: `/api/addresses/${id}`, headers: { cookie: paying.admin.cookie } });

  const reserved = () => startedPurchase(paying, { seller: paying.admin, price: '0.5' });

  it('a landed payment nobody confirmed yet stops unlist, reprice and delete (PAYMENT_LANDED) until it is settled', async () => {
    const { listing, buyer, started } = await reserved();
    const sellerBefore = await balanceOf(paying.chain, paying.admin.walletAddress);
    await pay(paying.chain, buyer, started.payment); // the tab closed: no confirm

    for (const refused of [
      await edit(listing.id, { price: '5' }),
      await edit(listing.id, { isListed: false }),
      await remove(listing.id),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('PAYMENT_LANDED');
    }
    expect(await listingStatus(paying.t, listing.id)).toEqual({ status: 'pending', is_listed: true });
    // Anything else about the listing may still change.
    expect((await edit(listing.id, { category: 'rare' })).statusCode).toBe(200);

    await settle(paying.t);
    expect(await listingStatus(paying.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect((await balanceOf(paying.chain, paying.admin.walletAddress)) - sellerBefore).toBe(SOL / 2n);
    const after = await edit(listing.id, { price: '5' });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe('LISTING_SOLD');
  });

  it.each([
    ['unlists it', (id: string) => edit(id, { isListed: false })],
    ['reprices it', (id: string) => edit(id, { price: '0.6' })],
    ['deletes it', (id: string) => remove(id)],
  ])(
    'the seller %s during an unpaid reservation: the payment that lands afterwards is refunded (LISTING_UNAVAILABLE)',
    async (_what, change) => {
      const { listing, buyer, started } = await reserved();
      const sellerBefore = await balanceOf(paying.chain, paying.admin.walletAddress);
      const buyerBefore = await balanceOf(paying.chain, buyer.walletAddress);
      expect((await change(listing.id)).statusCode).toBe(200);

      const txHash = await pay(paying.chain, buyer, started.payment);
      const confirmed = await confirm(paying.t, buyer, started.transactionId, txHash);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        status: 'failed',
        failureKind: 'refunded',
        failureCode: 'LISTING_UNAVAILABLE',
        disputeReason: expect.stringMatching(/^Refunded: the address was no longer for sale at this price\./),
      });
      const nudged = await verify(paying.t, buyer, started.transactionId);
      expect(nudged.statusCode).toBe(409);
      expect(nudged.json().error).toBe('PAYMENT_REFUNDED');

      await settle(paying.t);
      expect(await balanceOf(paying.chain, buyer.walletAddress)).toBe(buyerBefore - 2n * SIGNATURE_FEE);
      expect(await balanceOf(paying.chain, paying.admin.walletAddress)).toBe(sellerBefore);
      expect(await balanceOf(paying.chain, started.payment.recipient)).toBe(0n);
      expect((await listingStatus(paying.t, listing.id))?.status).not.toBe('sold');
      expect(await countRows(paying.t, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(0);
    },
  );
});

describe('DELETE /api/addresses/{id}', () => {
  it('soft-deletes, destroys the key, keeps history, and hides the listing', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin });
    await patch(listing.id, { price: '9' }, ctx.admin.cookie);
    const res = await del(listing.id, ctx.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, id: listing.id });
    const [row] = await ctx.t.database.query('select status, is_listed from addresses where id = $1', [listing.id]);
    expect(row).toEqual({ status: 'deleted', is_listed: false });
    expect(await ctx.t.database.query('select 1 from encrypted_keys where address_id = $1', [listing.id])).toEqual([]);
    expect((await ctx.t.database.query('select 1 from price_history where address_id = $1', [listing.id])).length).toBe(
      1,
    );
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/by-address/${listing.address}` })).statusCode,
    ).toBe(404);
    await expectNoChange(() => del(listing.id, ctx.admin.cookie), 404, 'LISTING_NOT_FOUND');
  });

  it('refuses strangers, non-owners, unknown and malformed ids', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin });
    await expectNoChange(() => del(listing.id), 401, 'SESSION_REQUIRED');
    const user = await createUser(ctx.t);
    const otherAdmin = await createAdmin(ctx.t);
    await expectNoChange(() => del(listing.id, user.cookie), 403, 'ADMIN_REQUIRED');
    await expectNoChange(() => del(listing.id, otherAdmin.cookie), 403, 'NOT_LISTING_OWNER');
    await expectNoChange(() => del(randomUUID(), ctx.admin.cookie), 404, 'LISTING_NOT_FOUND');
    await expectNoChange(() => del('123', ctx.admin.cookie), 400, 'VALIDATION_FAILED');
  });
});
