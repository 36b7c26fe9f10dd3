import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { priceCache } from '@server/db/schema';
import { fetchUsdPerSol, getLivePrice, getUsdPerSol, PriceFeedError } from '@server/modules/market';
import { priceCacheRepository } from '@server/modules/market/price-cache.repository';
import { createTestApp, type TestApp } from '@tests/helpers/app';

/** A price feed on 127.0.0.1 (never the internet): each test sets what it answers and counts the requests. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let feed: Server;
let feedUrl: string;
let handler: Handler;
let hits = 0;
const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
const hanging: Handler = () => {}; // never answers: the timeout must end the wait

let t: TestApp;

beforeAll(async () => {
  feed = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/simple/price`;
  t = await createTestApp({ env: { PRICE_FEED_URL: feedUrl } });
});
afterAll(async () => {
  await t?.close();
  feed.closeAllConnections();
  await new Promise((resolve) => feed.close(resolve));
});
beforeEach(async () => {
  hits = 0;
  handler = json({ solana: { usd: 150.25 } });
  await t.database.db.delete(priceCache);
});

const live = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/prices/live' });
  expect(res.statusCode).toBe(200);
  return res.json().SOL;
};
const S = 1000;
// Service calls pass `now`; each test moves this clock far ahead so no test sees another's failure backoff.
let clock = Date.now();
const advance = (ms: number) => new Date((clock += ms));

describe('GET /api/prices/live', () => {
  it('answers the spec fallback without a configured feed', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/prices/live' });
      expect(res.json()).toEqual({ SOL: { usd: 197, lastUpdated: null, source: 'fallback', stale: true } });
    } finally {
      await plain.close();
    }
  });

  it('fetches from the feed once, then answers from price_cache while fresh', async () => {
    const first = await live();
    expect(first).toMatchObject({ usd: 150.25, source: 'feed', stale: false });
    const second = await live();
    expect(second).toEqual({ usd: 150.25, lastUpdated: first.lastUpdated, source: 'cache', stale: false });
    expect(hits).toBe(1);
    const [row] = await t.database.db.select().from(priceCache);
    expect(row).toMatchObject({ currency: 'SOL', usdPrice: '150.25000000' });
  });

  it('refreshes a rate older than 30 s with a single feed request however many callers wait', async () => {
    const db = t.database.db;
    await getLivePrice(db, t.env, { now: advance(1000 * S) }); // cache 150.25
    // The feed answers only once all eight callers have read the stale rate, so every one of them reaches the
    // refresh while it is in flight (a fixed delay raced the database's reads on a slow machine).
    const callers = 8;
    let everyoneRead = () => {};
    const allRead = new Promise<void>((resolve) => (everyoneRead = resolve));
    const read = priceCacheRepository.get;
    let reads = 0;
    vi.spyOn(priceCacheRepository, 'get').mockImplementation(async (...args) => {
      const rate = await read(...args);
      if (++reads === callers) everyoneRead();
      return rate;
    });
    onTestFinished(() => void vi.restoreAllMocks());
    handler = (req, res) => void allRead.then(() => json({ solana: { usd: 160 } })(req, res));
    const later = advance(31 * S);
    const answers = await Promise.all(Array.from({ length: callers }, () => getLivePrice(db, t.env, { now: later })));
    expect(answers.every((a) => a.usd === 160 && a.source === 'feed')).toBe(true);
    expect(hits).toBe(2);
  });

  it('falls back on a 500, then does not retry the feed for 30 s', async () => {
    const db = t.database.db;
    handler = json({ error: 'down' }, 500);
    const now = advance(1000 * S);
    expect(await getLivePrice(db, t.env, { now })).toEqual({
      usd: 197,
      lastUpdated: null,
      source: 'fallback',
      stale: true,
    });
    expect(await getLivePrice(db, t.env, { now: new Date(now.getTime() + 5 * S) })).toMatchObject({
      source: 'fallback',
    });
    expect(hits).toBe(1);
    handler = json({ solana: { usd: 170 } });
    expect(await getLivePrice(db, t.env, { now: new Date(now.getTime() + 31 * S) })).toMatchObject({
      usd: 170,
      source: 'feed',
    });
  });

  it('keeps answering the last stored rate, flagged stale, when the feed sends garbage', async () => {
    const db = t.database.db;
    const now = advance(1000 * S);
    await getLivePrice(db, t.env, { now }); // stores 150.25 at `now`
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    const later = new Date(now.getTime() + 45 * S);
    expect(await getLivePrice(db, t.env, { now: later })).toEqual({
      usd: 150.25,
      lastUpdated: now.toISOString(),
      source: 'cache',
      stale: true,
    });
    // An hour later that rate is too old to show: the fallback again.
    expect(await getLivePrice(db, t.env, { now: advance(3601 * S) })).toMatchObject({ source: 'fallback' });
  });

  it('stops waiting for a feed that does not answer', async () => {
    handler = hanging;
    const started = Date.now();
    const answer = await getLivePrice(t.database.db, t.env, { now: advance(1000 * S), timeoutMs: 300 });
    expect(answer).toMatchObject({ source: 'fallback', stale: true });
    expect(hits).toBe(1);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('price feed bodies', () => {
  it.each([
    [{ solana: { usd: 142.3 } }, 142.3],
    [{ usd: 99.5 }, 99.5],
    [{ price: '123.45' }, 123.45],
    [{ price: 88 }, 88],
  ])('reads %j', async (body, rate) => {
    handler = json(body);
    expect(await fetchUsdPerSol(feedUrl)).toBe(rate);
  });

  it.each([[{ solana: { usd: 0 } }], [{ usd: -1 }], [{ price: 'abc' }], [{ usd: true }], [[142]], [{ eur: 130 }]])(
    'refuses %j',
    async (body) => {
      handler = json(body);
      await expect(fetchUsdPerSol(feedUrl)).rejects.toBeInstanceOf(PriceFeedError);
    },
  );
});

describe('getUsdPerSol', () => {
  it('answers the stored rate without waiting and refreshes a stale one in the background', async () => {
    // Its own database: getUsdPerSol runs on the real clock, which the tests above have left far behind.
    const own = await createTestApp({ env: { PRICE_FEED_URL: feedUrl } });
    onTestFinished(() => own.close());
    const db = own.database.db;
    await db
      .insert(priceCache)
      .values({ currency: 'SOL', usdPrice: '120', lastUpdated: new Date(Date.now() - 60 * S) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    handler = (req, res) => void gate.then(() => json({ solana: { usd: 180 } })(req, res));
    // Stale but under an hour old: answered at once (the feed is still held at the gate).
    expect(await getUsdPerSol(db, own.env)).toBe(120);
    release();
    await expect.poll(async () => getUsdPerSol(db, own.env)).toBe(180);
  });

  it('is the fallback 197 without a feed', async () => {
    expect(await getUsdPerSol(t.database.db, {})).toBe(197);
  });
});
