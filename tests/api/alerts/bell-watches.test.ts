import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WATCHES_PER_WALLET, type Watch } from '@shared/api/alerts';
import type { Notification } from '@shared/api/bids';
import type { Listing } from '@shared/api/listings';
import { notify, notifyWatchers } from '@server/modules/alerts';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';

/* docs/domain.md#alerts: the bell (only one's own), pattern watches, and the watchers a new listing notifies. */

let t: TestApp;
const ORIGIN = 'http://localhost:5000';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: SignedInWallet, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const bell = async (who: SignedInWallet): Promise<{ notifications: Notification[]; unread: number }> =>
  (await call('GET', '/api/notifications', who)).json();
const watch = (who: SignedInWallet, body: unknown) => call('POST', '/api/watches', who, body);

it('documents every alerts route in /api/docs', async () => {
  const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
  expect(Object.keys(paths['/api/notifications'])).toEqual(['get']);
  expect(Object.keys(paths['/api/notifications/read'])).toEqual(['post']);
  expect(Object.keys(paths['/api/watches']).sort()).toEqual(['get', 'post']);
  expect(Object.keys(paths['/api/watches/{id}'])).toEqual(['delete']);
  expect(Object.keys(paths['/api/webhook']).sort()).toEqual(['delete', 'get', 'put']);
});

describe('the bell', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read', undefined, {})).statusCode).toBe(401);
  });

  it("lists the wallet's own notifications newest first, and marks read only its own", async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    await notify(t.database.db, [
      { wallet: a.walletAddress, kind: 'bid-funded', message: 'first', data: { bidId: 'bid-1' } },
      { wallet: b.walletAddress, kind: 'listing-sold', message: 'not yours' },
    ]);
    await notify(t.database.db, [{ wallet: a.walletAddress, kind: 'listing-sold', message: 'second' }]);

    const mine = await bell(a);
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((n) => [n.message, n.kind, n.read])).toEqual([
      ['second', 'listing-sold', false],
      ['first', 'bid-funded', false],
    ]);
    expect(mine.notifications[1]!.data).toEqual({ bidId: 'bid-1' });
    const theirs = await bell(b);
    expect(theirs.notifications.map((n) => n.message)).toEqual(['not yours']);

    // Another wallet's id marks nothing.
    const foreign = await call('POST', '/api/notifications/read', a, { ids: [theirs.notifications[0]!.id] });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toEqual({ marked: 0, unread: 2 });
    expect((await bell(b)).unread).toBe(1);

    const one = await call('POST', '/api/notifications/read', a, { ids: [mine.notifications[1]!.id] });
    expect(one.json()).toEqual({ marked: 1, unread: 1 });
    expect((await bell(a)).notifications.map((n) => n.read)).toEqual([false, true]);

    // No body: all of the wallet's.
    const all = await call('POST', '/api/notifications/read', a);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ marked: 1, unread: 0 });
    expect((await bell(b)).unread).toBe(1);
  });

  it('refuses ids that are not notification ids', async () => {
    const a = await createUser(t);
    const res = await call('POST', '/api/notifications/read', a, { ids: ['abc'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ids/);
  });
});

describe('watches', () => {
  it('creates, lists, deduplicates and deletes only its own', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    expect((await call('GET', '/api/watches')).statusCode).toBe(401);
    const created = await watch(a, { pattern: 'Sun', position: 'prefix' });
    expect(created.statusCode, created.body).toBe(201);
    const w: Watch = created.json();
    expect(w).toMatchObject({ pattern: 'Sun', position: 'prefix', caseSensitive: false });

    const again = await watch(a, { pattern: 'sUN', position: 'prefix' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(w.id);
    expect((await watch(a, { pattern: 'Sun', position: 'prefix', caseSensitive: true })).statusCode).toBe(201);

    const list = (await call('GET', '/api/watches', a)).json();
    expect(list.limit).toBe(MAX_WATCHES_PER_WALLET);
    expect(list.watches).toHaveLength(2);
    expect((await call('GET', '/api/watches', b)).json().watches).toEqual([]);

    const foreign = await call('DELETE', `/api/watches/${w.id}`, b);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('WATCH_NOT_FOUND');
    expect((await call('DELETE', `/api/watches/${w.id}`, a)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/watches/${w.id}`, a)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/watches/not-a-uuid', a)).statusCode).toBe(400);
    expect((await call('GET', '/api/watches', a)).json().watches).toHaveLength(1);
  });

  it.each([
    [{ pattern: '', position: 'prefix' }, /pattern/],
    [{ pattern: '   ', position: 'prefix' }, /pattern/],
    [{ pattern: 'abcdefghijkmn', position: 'prefix' }, /pattern/],
    [{ pattern: 'S0l', position: 'prefix' }, /pattern/],
    [{ pattern: 'sol!', position: 'suffix' }, /pattern/],
    [{ position: 'prefix' }, /pattern/],
    [{ pattern: 'sun', position: 'middle' }, /position/],
    [{ pattern: 'sun', position: 'prefix', caseSensitive: 'yes' }, /caseSensitive/],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const a = await createUser(t);
    const res = await watch(a, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
    expect(res.json().message).toMatch(field);
  });

  it(`keeps at most ${MAX_WATCHES_PER_WALLET} per wallet`, async () => {
    const a = await createUser(t);
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (let i = 0; i < MAX_WATCHES_PER_WALLET; i += 1) {
      const res = await watch(a, { pattern: `${alphabet[i]}x`, position: 'suffix', caseSensitive: true });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await watch(a, { pattern: 'zzz', position: 'suffix' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'TOO_MANY_WATCHES' });
    expect(over.json().message).toContain(String(MAX_WATCHES_PER_WALLET));
  });
});

/** `text` with every letter whose other case is base58 too (not i/I/l/L/o/O) in that other case. */
const flipCase = (text: string): string =>
  [...text].map((c) => (/[iIlLoO]/.test(c) ? c : c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** A letter whose other case is base58 too (not i/I/l/L/o/O), and where it sits in `address`. */
function swappableWindow(address: string): { at: number; swapped: string } {
  for (let at = 6; at + 4 <= address.length - 6; at += 1) {
    const c = address[at]!;
    const other = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    if (other !== c && !'iIlLoO'.includes(c)) {
      return { at, swapped: other + address.slice(at + 1, at + 4) };
    }
  }
  throw new Error(`no swappable letter in ${address}`);
}

describe('notifyWatchers', () => {
  let seller: SignedInWallet;
  let listing: Listing;
  let other: Listing;

  beforeAll(async () => {
    seller = await createAdmin(t);
    listing = (await createListing(t, { seller, price: '1.2' })).listing;
    other = (await createListing(t, { seller, price: '3' })).listing;
  });

  const matchesOf = async (who: SignedInWallet) =>
    (await bell(who)).notifications.filter((n) => n.kind === 'watch-match');

  it('tells prefix, suffix and anywhere watchers, by case, once per wallet and listing, never the seller', async () => {
    const address = listing.address;
    const [pre, suf, any, exact, wrongCase, twice, none] = await Promise.all(
      Array.from({ length: 7 }, () => createUser(t)),
    );
    const { at, swapped } = swappableWindow(address);
    const head = address.slice(0, 3);
    const tail = address.slice(-4);
    const middle = address.slice(at, at + 4);
    const ok = async (who: SignedInWallet, body: object) =>
      expect((await watch(who, body)).statusCode).toBeLessThan(300);
    await ok(pre!, { pattern: flipCase(head), position: 'prefix' });
    await ok(suf!, { pattern: tail, position: 'suffix', caseSensitive: true });
    await ok(any!, { pattern: swapped, position: 'anywhere' });
    await ok(exact!, { pattern: middle, position: 'anywhere', caseSensitive: true });
    await ok(wrongCase!, { pattern: swapped, position: 'anywhere', caseSensitive: true });
    await ok(twice!, { pattern: head, position: 'prefix', caseSensitive: true });
    await ok(twice!, { pattern: tail, position: 'suffix' });
    // The suffix as a prefix: another class, no match (unless the address happens to start with it).
    if (!address.startsWith(tail)) await ok(none!, { pattern: tail, position: 'prefix', caseSensitive: true });
    await ok(seller, { pattern: head, position: 'prefix' });

    await notifyWatchers(t.database.db, [
      { id: listing.id, address, price: listing.price },
      { id: other.id, address: other.address, price: other.price },
    ]);

    const expectTold = async (who: SignedInWallet, message: string) => {
      const told = (await matchesOf(who)).filter((n) => n.data.addressId === listing.id);
      expect(told.map((n) => n.message)).toEqual([message]);
      expect(told[0]!.data).toEqual({ addressId: listing.id, address });
    };
    const shownHead = flipCase(head);
    await expectTold(pre!, `A listing matching ${shownHead}… appeared at 1.2 SOL`);
    await expectTold(suf!, `A listing matching …${tail} appeared at 1.2 SOL`);
    await expectTold(any!, `A listing matching …${swapped}… appeared at 1.2 SOL`);
    await expectTold(exact!, `A listing matching …${middle}… appeared at 1.2 SOL`);
    expect((await matchesOf(twice!)).filter((n) => n.data.addressId === listing.id)).toHaveLength(1);
    expect(await matchesOf(wrongCase!)).toEqual([]);
    expect(await matchesOf(none!)).toEqual([]);
    expect(await matchesOf(seller)).toEqual([]);
  });

  it('does nothing without listings or matching watches', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from notifications');
    await notifyWatchers(t.database.db, []);
    await notifyWatchers(t.database.db, [{ id: other.id, address: '1'.repeat(44), price: '1' }]);
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from notifications')).toEqual(before);
  });
});
