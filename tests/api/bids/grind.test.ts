import { beforeAll, describe, expect, it } from 'vitest';
import type { Bid, CreatedBid } from '@shared/api/bids';
import type { OrderQuote } from '@shared/api/orders';
import { parseSolToLamports, lamportsToSolString } from '@shared/money';
import { chainBalances, checkLedger } from '@server/modules/settlement';
import { createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { quote, shopWalletEnv, waitForOrder } from '@tests/helpers/orders';
import { fund, pay, reveal, SOL } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { settle } from '@tests/helpers/purchase-escrow';

/*
 * Bids "from the grinder" (docs/domain.md#bids-and-offers): a funded bid with nothing listed, whose buyer ticked "grind
 * it if nothing is listed", gets a custom order paid from its escrow; the key found is sold to the bid.
 */

const ctx = usePurchaseApp({ env: { ...shopWalletEnv(), GRIND_WORKERS: '1' } });
beforeAll(async () => {
  await ctx.t.app.orders.start();
});

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function bidFor(who: SignedInWallet, body: object): Promise<CreatedBid> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/bids',
    headers: json(who.cookie),
    payload: { expiresAt: inDays(1), caseSensitive: false, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function waitForBid(who: SignedInWallet, id: string, until: (b: Bid) => boolean): Promise<Bid> {
  const deadline = Date.now() + 20_000;
  let last: Bid | undefined;
  while (Date.now() < deadline) {
    last = (await ctx.t.app.inject({ method: 'GET', url: `/api/bids/${id}`, headers: { cookie: who.cookie } })).json();
    if (until(last!)) return last!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bid ${id} did not get there in time; last state ${JSON.stringify(last)}`);
}

describe('grind it if nothing is listed', () => {
  it('a funded bid with no stock gets a grind paid from its escrow, and the key found is sold to it', async () => {
    const pattern = { pattern: 'B', position: 'prefix', caseSensitive: false };
    const quoted: OrderQuote = (await quote(ctx.t, { ...pattern, lane: 'wallet' })).json();
    const maxPrice = lamportsToSolString(parseSolToLamports(quoted.price) * 2n);
    // A wallet that holds the deposit and nothing more: the grind is paid from the escrow, not from the wallet.
    const bidder = await createUser(ctx.t);
    const created = await bidFor(bidder, { ...pattern, maxPrice, grindIfMissing: true });
    await fund(ctx.chain, bidder.walletAddress, BigInt(created.payment!.lamports) + SOL / 100n);
    await pay(ctx.chain, bidder, created.payment!);
    await ctx.t.app.inject({
      method: 'POST',
      url: `/api/bids/${created.id}/confirm`,
      headers: json(bidder.cookie),
      payload: {},
    });

    const filled = await waitForBid(bidder, created.id, (b) => b.status === 'filled');
    expect(filled.orderId).not.toBeNull();
    expect(filled.address?.toLowerCase().startsWith('b')).toBe(true);
    expect(filled.filledPrice).toBe(quoted.price);
    const order = await waitForOrder(
      ctx.t,
      bidder,
      filled.orderId!,
      (o) => o.status !== 'grinding' && o.status !== 'queued',
    );
    expect(order.address).toBe(filled.address);
    const key = await reveal(ctx.t, bidder, filled.transactionId!);
    expect(key.statusCode, key.body).toBe(200);

    await ctx.t.app.inFlight.drain();
    await settle(ctx.t);
    await settle(ctx.t);
    const report = await checkLedger({ db: ctx.t.database.db, balances: chainBalances(ctx.chain.rpc) });
    expect(report.differences).toEqual([]);
  });

  it('refuses a grind for a pattern anywhere in the address: the grinder takes prefixes and suffixes', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: json((await createUser(ctx.t)).cookie),
      payload: { pattern: 'abc', position: 'anywhere', maxPrice: '1', expiresAt: inDays(1), grindIfMissing: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^grindIfMissing: /);
  });
});
