import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import { estimateGasFee } from '@server/modules/chain/gas-fees.service';
import { PRICE_STALE_AFTER_MS } from '@shared/api/market';
import { createChangeTracker, type ChangeTracker } from '@tests/helpers/db-fingerprint';
import { createAdmin, createListing, createUser, type CreatedListing } from '@tests/helpers/factories';
import { createSwitchableRpc, type SwitchableRpc } from '@tests/helpers/switchable-rpc';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { placeOrderOk, shopWalletEnv } from '@tests/helpers/orders';
import {
  createPurchaseApp,
  createTestChain,
  fund,
  initiateOk,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';

/**
 * A GET changes nothing. Every GET route of the app is called, anonymously, as a buyer and as an
 * admin, with real ids filled in, and the database must be the same afterwards (db-fingerprint.ts: only the rate-limit
 * counters and a session's sliding expiry may move, by design). A price feed stub is configured so the price
 * reads are walked too; their one write, the shared SOL/USD rate in price_cache, is the bounded one
 * docs/reliability.md names: at most one refresh per 30 s per instance, each a single feed request.
 */
let chain: TestChain;
let t: PurchaseTestApp;
let admin: SignedInWallet;
let buyer: SignedInWallet;
let sold: CreatedListing;
let transactionId: string;
let orderId: string;
let tracker: ChangeTracker;
/** Counts the app's RPC requests: the fee quote's cache must spare the upstream endpoint. */
let upstream: SwitchableRpc;
let feed: Server;
let feedHits = 0;

beforeAll(async () => {
  chain = await createTestChain();
  upstream = await createSwitchableRpc(chain.url);
  feed = createServer((_req, res) => {
    feedHits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ solana: { usd: 150.25 } }));
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/simple/price`;
  t = await createPurchaseApp({
    chain: { ...chain, rpc: createChainRpc([upstream.url]) },
    // SHOP_WALLET: outside the demo data, orders need the shop's seller configured.
    env: { ...shopWalletEnv(), MARKET_STATS_MAX_AGE_SECONDS: '0', PRICE_FEED_URL: feedUrl },
  });
  admin = await createAdmin(t);
  buyer = await createUser(t);
  await fund(chain, buyer.walletAddress);
  sold = await createListing(t, { seller: admin, price: '0.3' });
  await createListing(t, { seller: admin, price: '1.7', promotionType: 'featured' });
  transactionId = (await initiateOk(t, buyer, sold.listing)).transactionId;
  // The buyer's custom order, found and its reservation run out: exactly what settling would write (→ expired),
  // so a GET of the order that settled would show up here as a write.
  const ground = await createListing(t, { seller: admin, price: '0.001' });
  orderId = (await placeOrderOk(t, buyer, { pattern: 'Ab', position: 'prefix' })).id;
  await t.database.query(
    `update custom_orders set status = 'found', address_id = $2, found_at = now() - interval '25 hours',
       reserved_until = now() - interval '1 hour' where id = $1`,
    [orderId, ground.listing.id],
  );
  tracker = await createChangeTracker(t.database);
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
  feed?.closeAllConnections();
  await new Promise((resolve) => feed?.close(resolve));
  await chain?.close();
});

const isPriceRate = (change: string) => change.startsWith('price_cache ');

function concrete(url: string): string {
  return url
    .replace(':address', sold.listing.address)
    .replace(/^\/api\/transactions\/(lookup\/)?:id/, `/api/transactions/$1${transactionId}`)
    .replace('/api/orders/:id', `/api/orders/${orderId}`)
    .replace(':id', sold.listing.id)
    .replace('*', 'index.html');
}

const withQuery = (url: string, wallet: string) =>
  /\/(user|purchases)$/.test(url) ? `${url}?walletAddress=${wallet}` : url;

describe('no GET route writes', () => {
  it('walks every GET route as a visitor, a buyer and an admin and finds the database unchanged', async () => {
    const gets = t.app.apiRoutes.filter((r) => r.method === 'GET');
    // The walk must cover the routes that used to write (the fee quote) and the ones with ids.
    expect(gets.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/solana/gas-fees',
        '/api/transactions/:id',
        '/api/addresses/by-address/:address',
        '/api/orders/:id',
        '/api/orders/mine',
      ]),
    );
    expect(await tracker.changed()).toEqual([]);
    const writers: string[] = [];
    let rateWrites = 0;
    const startedAt = Date.now();
    for (const who of [undefined, buyer, admin]) {
      for (const route of gets) {
        for (let round = 0; round < 2; round += 1) {
          const url = withQuery(concrete(route.url), who?.walletAddress ?? buyer.walletAddress);
          const res = await t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
          expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
          const changed = await tracker.changed();
          rateWrites += changed.filter(isPriceRate).length;
          const others = changed.filter((change) => !isPriceRate(change));
          if (others.length > 0) writers.push(`GET ${url} as ${who ? who.walletAddress : 'visitor'}: ${others}`);
        }
      }
    }
    expect(writers).toEqual([]);
    // The price path ran against the feed, and its writes stayed within one refresh per 30 s.
    const refreshesAllowed = 1 + Math.floor((Date.now() - startedAt) / PRICE_STALE_AFTER_MS);
    expect(feedHits).toBeGreaterThanOrEqual(1);
    expect(feedHits).toBeLessThanOrEqual(refreshesAllowed);
    expect(rateWrites).toBeLessThanOrEqual(feedHits);
    // The order reads as expired all the same: computed from what is stored, not written.
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(order.json()).toMatchObject({ id: orderId, status: 'expired', chanceFoundByNow: 1 });
    const [row] = await t.database.query<{ status: string }>('select status from custom_orders where id = $1', [
      orderId,
    ]);
    expect(row?.status).toBe('found');
  });

  it('quotes the fee from a cache: many reads, one upstream estimate, no row, and a per-client limit', async () => {
    const quote = (ip: string) => t.app.inject({ method: 'GET', url: '/api/solana/gas-fees', remoteAddress: ip });
    // What one estimate costs upstream (blockhash, fee for the message, ...), measured rather than assumed.
    let before = upstream.hits;
    await estimateGasFee(t.database.db, t.chain);
    const perEstimate = upstream.hits - before;
    expect(perEstimate).toBeGreaterThan(0);
    before = upstream.hits;
    const answers = await Promise.all(Array.from({ length: 40 }, () => quote('203.0.113.7')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // One estimate, or two when the 5 s cache lapsed mid-burst on a slow machine; uncached it would be 40.
    expect(upstream.hits - before).toBeLessThanOrEqual(2 * perEstimate);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [{ n }] = (await t.database.query<{ n: number }>('select count(*)::int as n from gas_estimation_audit')) as [
      { n: number },
    ];
    expect(n).toBe(0);
    let limited = 0;
    for (let i = 0; i < 90; i += 1) if ((await quote('203.0.113.7')).statusCode === 429) limited += 1;
    expect(limited).toBe(10); // 120 a minute per client address
    expect((await quote('203.0.113.8')).statusCode).toBe(200);
    expect(await tracker.changed()).toEqual([]);
  });
});
