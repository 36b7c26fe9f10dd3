import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bid, CreatedBid, Offer } from '@shared/api/bids';
import { parseSolToLamports } from '@shared/money';
import { bidsRepository, recheckStock, settleBid } from '@server/modules/bids';
import { chainBalances, checkLedger } from '@server/modules/settlement';
import { createListing } from '@tests/helpers/factories';
import { keypairMatching, newKeypair } from '@tests/helpers/keypair';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  balanceOf,
  countRows,
  fund,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  SOL,
  verify,
} from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';
import { failureOf, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';
import { signAndSend } from '@tests/helpers/pay';

/*
 * Pattern bids and offers (docs/domain.md#bids-and-offers), paid into their own escrow and settled on the one money
 * path. A funded bid fills from stock or from a new listing by itself; offers are accepted, declined or expire; every
 * lamport that does not buy an address goes back, and the ledger matches the chain.
 */

const ctx = usePurchaseApp({ admin: true });
beforeAll(async () => {
  await fund(ctx.chain, ctx.admin.walletAddress);
});

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** Waits for the sending a route started after answering (payouts, refunds), as the buyer's next read would see. */
const drained = async <T>(answer: Promise<T>): Promise<T> => {
  const res = await answer;
  await ctx.t.app.inFlight.drain();
  return res;
};

const postBid = (who: SignedInWallet, body: object) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/bids', headers: json(who.cookie), payload: body });

async function placeBid(who: SignedInWallet, body: object): Promise<CreatedBid> {
  const res = await postBid(who, { expiresAt: inDays(7), caseSensitive: false, position: 'prefix', ...body });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as CreatedBid;
  expect(created.status).toBe('awaiting-deposit');
  expect(created.payment?.recipient).toBe(created.payment?.reference);
  return created;
}

const confirmBid = async (who: SignedInWallet, id: string, kind: 'bids' | 'offers' = 'bids') => {
  const res = await drained(
    ctx.t.app.inject({ method: 'POST', url: `/api/${kind}/${id}/confirm`, headers: json(who.cookie), payload: {} }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Places a bid, pays its deposit and confirms it: the bid as it then stands (open, or already filled). */
async function fundedBid(who: SignedInWallet, body: object): Promise<Bid> {
  const created = await placeBid(who, body);
  await pay(ctx.chain, who, created.payment!);
  return confirmBid(who, created.id);
}

const getBid = async (who: SignedInWallet, id: string): Promise<Bid> =>
  (await ctx.t.app.inject({ method: 'GET', url: `/api/bids/${id}`, headers: { cookie: who.cookie } })).json();

/** Lets the outbox finish every payout and refund sent so far, then reconciles the whole ledger with the chain. */
async function ledgerBalances(): Promise<void> {
  await ctx.t.app.inFlight.drain();
  await settle(ctx.t);
  expect(await ctx.t.app.bids.settleAll()).toEqual([]);
  await settle(ctx.t);
  const report = await checkLedger({ db: ctx.t.database.db, balances: chainBalances(ctx.chain.rpc) });
  expect(report.differences).toEqual([]);
  expect(report.balanced).toBe(true);
}

async function paidFor(transactionId: string): Promise<bigint> {
  const [row] = await ctx.t.database.query<{ total: string }>(
    'select (price_lamports + commission_lamports + network_fee_lamports)::text as total from transactions where id = $1',
    [transactionId],
  );
  return BigInt(row!.total);
}

const notices = (wallet: string) =>
  ctx.t.database.query<{ kind: string; message: string }>(
    'select kind, message from notifications where wallet = $1 order by id',
    [wallet],
  );

describe('pattern bids', () => {
  // Each test's bids see only the listings it made: what an earlier test left on sale can match by chance (a random
  // address starts with 'hm', any case, about once in 450), and a bid would buy it beside the one the test is about.
  beforeEach(async () => {
    await ctx.t.database.query("update addresses set is_listed = false where status in ('available', 'pending')");
  });

  it('a funded bid fills from stock at once: the seller gets the price, the rest comes back, the key reveals', async () => {
    const pattern = { pattern: 'bq', position: 'prefix' as const, caseSensitive: false };
    const keypair = keypairMatching(pattern);
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, keypair, price: '1' });
    const bidder = await fundedBuyer(ctx);
    const created = await placeBid(bidder, { ...pattern, maxPrice: '2' });
    expect(BigInt(created.payment!.lamports)).toBeGreaterThanOrEqual(2n * SOL);
    const sellerBefore = await balanceOf(ctx.chain, ctx.admin.walletAddress);
    const bidderBefore = await balanceOf(ctx.chain, bidder.walletAddress);

    await pay(ctx.chain, bidder, created.payment!);
    const bid: Bid = await confirmBid(bidder, created.id);
    expect(bid).toMatchObject({ status: 'filled', address: keypair.address, filledPrice: '1' });
    expect(bid.transactionId).not.toBeNull();
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('sold');

    await ledgerBalances();
    expect((await balanceOf(ctx.chain, ctx.admin.walletAddress)) - sellerBefore).toBe(SOL);
    // The bidder paid the purchase at the listing's price (price, commission, payout fee) and its own network fee.
    const spent = bidderBefore - (await balanceOf(ctx.chain, bidder.walletAddress));
    expect(spent).toBe((await paidFor(bid.transactionId!)) + SIGNATURE_FEE);
    const key = await reveal(ctx.t, bidder, bid.transactionId!);
    expect(key.statusCode, key.body).toBe(200);
    expect(key.json().privateKey).toBe(keypair.forms.base58Secret);
    // The purchase's page shows the bid's escrow, the seller's payout out of it and the rest of the deposit coming back.
    const page = (await ctx.t.app.inject({ method: 'GET', url: `/api/transactions/${bid.transactionId}` })).json();
    expect(page.escrow).toBe(created.payment!.reference);
    expect(page.payoutSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(page.refundSignatures).toHaveLength(1);
    expect((await notices(bidder.walletAddress)).map((n) => n.kind)).toContain('bid-filled');
    expect((await notices(ctx.admin.walletAddress)).map((n) => n.kind)).toContain('listing-sold');
  });

  it('a bid fills from a bulk upload that contains a match: the highest bid wins, the rest of the upload is untouched', async () => {
    const pattern = { pattern: 'Wd', position: 'suffix' as const, caseSensitive: true };
    const low = await fundedBid(await fundedBuyer(ctx), { ...pattern, maxPrice: '1' });
    const highBidder = await fundedBuyer(ctx);
    const high = await fundedBid(highBidder, { ...pattern, maxPrice: '3' });
    expect([low.status, high.status]).toEqual(['open', 'open']);

    const match = keypairMatching(pattern);
    const others = Array.from({ length: 4 }, () => newKeypair()).filter((k) => !k.address.endsWith('Wd'));
    const rows = [...others.slice(0, 2), match, ...others.slice(2)].map((k) => ({
      address: k.address,
      privateKey: k.forms.base58Secret,
      price: '0.5',
    }));
    const res = await drained(
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/bulk-create-listings',
        headers: json(ctx.admin.cookie),
        payload: { addressData: rows, walletAddress: ctx.admin.walletAddress },
      }),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().successful).toBe(rows.length);

    const filled = await getBid(highBidder, high.id);
    expect(filled).toMatchObject({ status: 'filled', address: match.address, filledPrice: '0.5' });
    expect((await bidsRepository.findById(ctx.t.database.db, low.id))?.status).toBe('open');
    const statuses = await ctx.t.database.query<{ address: string; status: string }>(
      `select address, status from addresses where address in (${rows.map((r) => `'${r.address}'`).join(', ')})`,
    );
    for (const row of statuses) expect(row.status).toBe(row.address === match.address ? 'sold' : 'available');
    await ledgerBalances();
  });

  it('two bids and a web purchase racing for one listing: exactly one sale, every other lamport where it belongs', async () => {
    const pattern = { pattern: 'hm', position: 'prefix' as const, caseSensitive: false };
    const keypair = keypairMatching(pattern);
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, keypair, price: '1' });
    const web = await fundedBuyer(ctx);
    const purchase = await initiateOk(ctx.t, web, listing);
    await pay(ctx.chain, web, purchase.payment);
    const bidders = [await fundedBuyer(ctx), await fundedBuyer(ctx)];
    const bids = await Promise.all(bidders.map((b, i) => placeBid(b, { ...pattern, maxPrice: i === 0 ? '1.5' : '2' })));
    for (const [i, b] of bids.entries()) await pay(ctx.chain, bidders[i]!, b.payment!);

    // All three settle at once: the web buyer's verify and both bids' confirms.
    await Promise.all([
      verify(ctx.t, web, purchase.transactionId),
      confirmBid(bidders[0]!, bids[0]!.id),
      confirmBid(bidders[1]!, bids[1]!.id),
    ]);
    await ledgerBalances();

    const bidRows = await Promise.all(bids.map((b) => bidsRepository.findById(ctx.t.database.db, b.id)));
    const web_ = await failureOf(ctx.t, purchase.transactionId);
    const sales = [
      web_?.status === 'verified' || web_?.status === 'completed',
      ...bidRows.map((b) => b?.status === 'filled'),
    ];
    expect(sales.filter(Boolean)).toHaveLength(1);
    expect(
      await countRows(ctx.t, 'transactions', `address_id = '${listing.id}' and status in ('verified', 'completed')`),
    ).toBe(1);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('sold');
    // A bid that lost keeps its deposit in its escrow, still open; a web buyer who lost is refunded.
    for (const b of bidRows) if (b?.status !== 'filled') expect(b?.status).toBe('open');
    if (!sales[0])
      expect(web_).toMatchObject({ status: 'failed', failure_kind: 'refunded', failure_code: 'LOST_RACE' });
  });

  it('a listing whose matching never ran (the server died after its commit) is found by the periodic re-check', async () => {
    const pattern = { pattern: 'Fg', position: 'suffix' as const, caseSensitive: true };
    const bidder = await fundedBuyer(ctx);
    const bid = await fundedBid(bidder, { ...pattern, maxPrice: '1' });
    expect(bid.status).toBe('open');
    // Listed off-market, then put on the market behind the routes' back: no match ran for it.
    const keypair = keypairMatching(pattern);
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, keypair, price: '0.8', isListed: false });
    await ctx.t.database.query('update addresses set is_listed = true where id = $1', [listing.id]);
    expect(await recheckStock(ctx.t.deps())).toBe(0); // checked when it was funded: not due yet
    expect(await recheckStock(ctx.t.deps(11 * 60_000))).toBe(1);
    expect(await getBid(bidder, bid.id)).toMatchObject({ status: 'filled', address: keypair.address });
    await ledgerBalances();
  });

  it('a watcher hears of a new matching listing, but not of one a bid bought at once', async () => {
    const watcher = await fundedBuyer(ctx);
    // A prefix whose first letter a 44-character address can start with: 'q' starts only the rarer 43-character
    // ones, which made finding two matching keys take seconds.
    const pattern = { pattern: 'cq', position: 'prefix' as const, caseSensitive: false };
    const watch = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/watches',
      headers: json(watcher.cookie),
      payload: pattern,
    });
    expect(watch.statusCode, watch.body).toBe(201);
    const first = keypairMatching(pattern);
    await createListing(ctx.t, { seller: ctx.admin, keypair: first, price: '4' });
    const told = await notices(watcher.walletAddress);
    expect(told).toEqual([{ kind: 'watch-match', message: 'A listing matching cq… appeared at 4 SOL' }]);

    const bid = await fundedBid(await fundedBuyer(ctx), { ...pattern, maxPrice: '3' });
    expect(bid.status).toBe('open'); // the listing at 4 SOL is above it
    await drained(createListing(ctx.t, { seller: ctx.admin, keypair: keypairMatching(pattern), price: '2' }));
    expect(await notices(watcher.walletAddress)).toHaveLength(1);
    await ledgerBalances();
  });

  it('a bid is funded from a phone through a Solana Pay transaction request, for the bidder only', async () => {
    const bidder = await fundedBuyer(ctx);
    const created = await placeBid(bidder, { pattern: 'yyyyyy', position: 'anywhere', maxPrice: '0.5' });
    const meta = await ctx.t.app.inject({ method: 'GET', url: `/api/pay/bids/${created.id}` });
    expect(meta.statusCode).toBe(200);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: meta.json().icon.replace(/^https?:\/\/[^/]+/, '') })).statusCode,
    ).toBe(200);
    const stranger = newKeypair();
    const refused = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/pay/bids/${created.id}`,
      payload: { account: stranger.address },
    });
    expect(refused.statusCode).toBe(400);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/pay/bids/${created.id}`,
      payload: { account: bidder.walletAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
    await signAndSend(ctx.chain, bidder.keys, res.json().transaction);
    // No confirm call: the settlement pass finds the deposit.
    expect(await ctx.t.app.bids.settleAll()).toEqual([]);
    expect((await getBid(bidder, created.id)).status).toBe('open');
    const late = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/pay/bids/${created.id}`,
      payload: { account: bidder.walletAddress },
    });
    expect(late.statusCode).toBe(409);
  });

  it('a cancelled bid is refunded in full but the network fees, and a payment into it afterwards comes back too', async () => {
    const bidder = await fundedBuyer(ctx);
    const before = await balanceOf(ctx.chain, bidder.walletAddress);
    const created = await placeBid(bidder, { pattern: 'zzzzz', position: 'anywhere', maxPrice: '1' });
    await pay(ctx.chain, bidder, created.payment!);
    const bid: Bid = await confirmBid(bidder, created.id);
    expect(bid.status).toBe('open');
    const res = await drained(
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/bids/${bid.id}/cancel`,
        headers: json(bidder.cookie),
        payload: {},
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/bids/${bid.id}/cancel`,
      headers: json(bidder.cookie),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    await ledgerBalances();
    const after = await getBid(bidder, bid.id);
    expect(after.refundSignatures).toHaveLength(1);
    const [fee] = await ctx.t.database.query<{ fee: string }>(
      "select fee_lamports::text as fee from escrow_transfers where bid_id = $1 and kind = 'refund'",
      [bid.id],
    );
    expect(before - (await balanceOf(ctx.chain, bidder.walletAddress))).toBe(SIGNATURE_FEE + BigInt(fee!.fee));
    expect((await notices(bidder.walletAddress)).map((n) => n.kind)).toContain('bid-refunded');

    // A payment that reaches the closed bid's escrow later is found by the settlement pass (a closed escrow is re-read
    // on a backoff; here its turn is taken at once) and sent back.
    const escrow = created.payment!.recipient;
    await pay(ctx.chain, bidder, { recipient: escrow, lamports: String(SOL / 10n), reference: escrow });
    await settleBid(ctx.t.deps(), (await bidsRepository.findById(ctx.t.database.db, bid.id))!, async () => undefined);
    await ledgerBalances();
    expect((await getBid(bidder, bid.id)).refundSignatures).toHaveLength(2);
  });
});

describe('offers', () => {
  const offer = (who: SignedInWallet, addressId: string, body: object) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${addressId}/offers`,
      headers: json(who.cookie),
      payload: { expiresAt: inDays(7), ...body },
    });
  async function fundedOffer(who: SignedInWallet, addressId: string, price: string, expiresAt = inDays(7)) {
    const res = await offer(who, addressId, { price, expiresAt });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as CreatedBid;
    await pay(ctx.chain, who, created.payment!);
    const funded: Offer = await confirmBid(who, created.id, 'offers');
    expect(funded.status).toBe('open');
    return funded;
  }
  const act = (who: SignedInWallet, id: string, action: string) =>
    drained(
      ctx.t.app.inject({ method: 'POST', url: `/api/offers/${id}/${action}`, headers: json(who.cookie), payload: {} }),
    );

  it('one offer is accepted, one declined, one outlived by the sale, one expires: each refunded as it should be', async () => {
    const keypair = newKeypair();
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, keypair, price: '2' });
    const [b1, b2, b3] = [await fundedBuyer(ctx), await fundedBuyer(ctx), await fundedBuyer(ctx)];
    const sellerBefore = await balanceOf(ctx.chain, ctx.admin.walletAddress);
    const o1 = await fundedOffer(b1, listing.id, '1.5');
    const o2 = await fundedOffer(b2, listing.id, '1.2');
    const o3 = await fundedOffer(b3, listing.id, '1');
    const best = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/${listing.id}/offers/best` });
    expect(best.json()).toEqual({ addressId: listing.id, bestOffer: '1.5', openOffers: 3 });
    const received = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/offers/received',
      headers: { cookie: ctx.admin.cookie },
    });
    expect((received.json().offers as Offer[]).map((o) => o.id)).toEqual([o1.id, o2.id, o3.id]);
    // Only the seller accepts or declines; a bidder cannot accept their own offer.
    expect((await act(b1, o1.id, 'accept')).statusCode).toBe(403);

    const b2Before = await balanceOf(ctx.chain, b2.walletAddress);
    const declined = await act(ctx.admin, o2.id, 'decline');
    expect(declined.json().status).toBe('declined');
    const accepted = await act(ctx.admin, o1.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sold: Offer = accepted.json();
    expect(sold.status).toBe('accepted');
    expect((await reveal(ctx.t, b1, sold.transactionId!)).json().privateKey).toBe(keypair.forms.base58Secret);
    await ledgerBalances(); // the settle pass closes o3: its listing sold to another offer

    expect((await balanceOf(ctx.chain, ctx.admin.walletAddress)) - sellerBefore).toBe(parseSolToLamports('1.5'));
    const declinedAfter: Offer = (
      await ctx.t.app.inject({ method: 'GET', url: `/api/offers/${o2.id}`, headers: { cookie: b2.cookie } })
    ).json();
    expect(declinedAfter.refundSignatures).toHaveLength(1);
    expect(await balanceOf(ctx.chain, b2.walletAddress)).toBeGreaterThan(b2Before); // the deposit came back
    const outlived = await bidsRepository.findById(ctx.t.database.db, o3.id);
    expect(outlived).toMatchObject({ status: 'cancelled', refundReason: 'LISTING_SOLD' });
    expect((await notices(b2.walletAddress)).map((n) => n.kind)).toContain('offer-declined');
    expect((await notices(b3.walletAddress)).map((n) => n.kind)).toContain('offer-refunded');

    // An offer that outlives its expiry is closed by the settlement pass and refunded.
    const other = await createListing(ctx.t, { seller: ctx.admin, price: '3' });
    const b4 = await fundedBuyer(ctx);
    const late = await fundedOffer(b4, other.listing.id, '2', new Date(Date.now() + 60_000).toISOString());
    const row = (await bidsRepository.findById(ctx.t.database.db, late.id))!;
    await settleBid(ctx.t.deps(120_000), row, async () => undefined);
    expect((await bidsRepository.findById(ctx.t.database.db, late.id))?.status).toBe('expired');
    await ledgerBalances();
    const expired: Offer = (
      await ctx.t.app.inject({ method: 'GET', url: `/api/offers/${late.id}`, headers: { cookie: b4.cookie } })
    ).json();
    expect(expired.refundSignatures).toHaveLength(1);
  });
});

describe('bad input gets a 400 naming the field and changes nothing', () => {
  it('refuses bad bids and offers', async () => {
    const who = await fundedBuyer(ctx);
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, price: '2' });
    const before = await countRows(ctx.t, 'bids');
    const good = { pattern: 'Sun', position: 'prefix', caseSensitive: false, maxPrice: '1', expiresAt: inDays(1) };
    const cases: [object, string][] = [
      [{ ...good, pattern: 's0l' }, 'pattern'],
      [{ ...good, pattern: '' }, 'pattern'],
      [{ ...good, pattern: 'a'.repeat(13) }, 'pattern'],
      [{ ...good, position: 'middle' }, 'position'],
      [{ ...good, maxPrice: '0' }, 'maxPrice'],
      [{ ...good, maxPrice: '100000000000' }, 'maxPrice'],
      [{ ...good, expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      [{ ...good, expiresAt: 'tomorrow' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const res = await postBid(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const named = res.json().issues?.map((i: { path: string }) => i.path) ?? [res.json().message];
      expect(named.join(' '), JSON.stringify(body)).toContain(field);
    }
    const own = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/offers`,
      headers: json(ctx.admin.cookie),
      payload: { price: '1', expiresAt: inDays(1) },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/own listing/);
    const above = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/offers`,
      headers: json(who.cookie),
      payload: { price: '2', expiresAt: inDays(1) },
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toMatch(/^price must be below the listed price of 2 SOL/);
    const unknown = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/bids/not-a-uuid',
      headers: { cookie: who.cookie },
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/bids/00000000-0000-4000-8000-000000000000',
      headers: { cookie: who.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(await countRows(ctx.t, 'bids')).toBe(before);
  });
});
