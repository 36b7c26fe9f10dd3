import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '@server/db/seed-reference-data';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createChangeTracker, type ChangeTracker } from '@tests/helpers/db-fingerprint';
import { createListing } from '@tests/helpers/factories';
import { newWallet, signIn, signInAsAdmin, type SignedInWallet } from '@tests/helpers/wallet';

/*
 * What the hostile-input suite (hostile-input.test.ts) found, pinned down one case each: a 5xx, or an answer not
 * in the `{ error: CODE, message }` of docs/domain.md#errors, for input any client can send. Each must now be a 4xx in
 * that shape that changes nothing.
 */
let t: TestApp;
let tracker: ChangeTracker;
let member: SignedInWallet;
let admin: SignedInWallet;
let listingId: string;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  member = await signIn(t.app);
  admin = await signInAsAdmin(t.app);
  listingId = (await createListing(t, { seller: admin })).listing.id;
  tracker = await createChangeTracker(t.database);
}, 60_000);
afterAll(() => t?.close());

async function expectRefused(
  request: { method: string; url: string; payload?: object; cookie?: string },
  status: number,
  code = 'VALIDATION_FAILED',
) {
  await tracker.changed(); // start from here: only this request counts
  const res = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    remoteAddress: `10.9.0.${++ip}`,
    ...(request.cookie ? { headers: { cookie: request.cookie } } : {}),
    ...(request.payload ? { payload: request.payload } : {}),
  });
  expect([res.statusCode, res.json()]).toEqual([status, { error: code, message: expect.any(String) }]);
  expect(await tracker.changed()).toEqual([]);
  return res;
}

describe('URLs the router refuses get the error shape of every other refusal', () => {
  it.each(['/api/addresses/%', '/api/addresses/%zz/price-history', '/api/transactions/%E0%A4'])(
    'a malformed percent-escape: %s',
    async (url) => {
      const res = await expectRefused({ method: 'GET', url }, 400);
      expect(res.json().message).toBe('The URL is not validly percent-encoded.');
    },
  );

  it('a path parameter over the router limit (100 characters)', async () => {
    await expectRefused({ method: 'GET', url: `/api/addresses/by-address/${'A'.repeat(101)}` }, 414);
  });
});

describe('a NUL character anywhere in the input is a 400, not a failed SQL query', () => {
  it.each([
    ['a path parameter', { method: 'GET', url: '/api/addresses/by-address/%00' }],
    ['a search query', { method: 'GET', url: '/api/addresses/search?query=abc%00' }],
    ['a query key', { method: 'GET', url: '/api/addresses/search?a%00=1' }],
    ['the transaction lookup', { method: 'GET', url: '/api/transactions/%00' }],
    ['the validator', { method: 'POST', url: '/api/addresses/validate', payload: { address: 'abc\u0000def' } }],
  ])('%s', (_name, request) => expectRefused(request, 400).then(() => undefined));

  it('a membership tier with a NUL (POST /api/transactions/initiate)', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/transactions/initiate',
        cookie: member.cookie,
        payload: { addressId: listingId, buyerId: member.walletAddress, price: '1.5', membershipTier: '\u0000' },
      },
      400,
    );
  });
});

describe('sign-in calls are rate limited per claimed wallet before validation', () => {
  it.each([
    ['a NUL', '\u0000'],
    // Incompressible, so too big for a btree index entry once it is part of the counter's key.
    ['8 KB of random text', randomBytes(6144).toString('base64')],
  ])('a claimed address holding %s is refused (400), not a failed counter upsert (500)', async (_name, address) => {
    await expectRefused({ method: 'POST', url: '/api/auth/challenge', payload: { address } }, 400);
    await expectRefused({ method: 'POST', url: '/api/auth/verify', payload: { input: { address } } }, 400);
  });

  it('still counts real wallets one by one', async () => {
    const wallet = await newWallet();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        remoteAddress: `10.8.0.${i}`,
        payload: { address: wallet.walletAddress },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/dev/airdrop', () => {
  it.each([5e-324, 1e-10, 1.0000000001])('refuses %d SOL, which is no whole number of lamports', async (sol) => {
    const { walletAddress } = await newWallet();
    await expectRefused({ method: 'POST', url: '/api/dev/airdrop', payload: { address: walletAddress, sol } }, 400);
  });

  it('refuses base58 of the right length that is no 32-byte key (32 z decode to 24 bytes)', async () => {
    await expectRefused({ method: 'POST', url: '/api/dev/airdrop', payload: { address: 'z'.repeat(32), sol: 1 } }, 400);
  });
});

describe('repricing across extremes (PATCH /api/addresses/{id})', () => {
  it.each([
    // The smallest price an escrow can pay out, to a million: about +111,600,000,000 %, past the numeric(12,4) change column.
    ['0.00089588', '1000000'],
    ['9999999999', '9999999998'], // about 1.5e12 USD: past the numeric(18,8) USD column
  ])('from %s to %s SOL is an edit like any other, not a 500', async (from, to) => {
    const { listing } = await createListing(t, { seller: admin, price: from });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${listing.id}`,
      headers: { cookie: admin.cookie },
      payload: { price: to },
    });
    expect([res.statusCode, res.json().price]).toEqual([200, to]);
    const history = await t.app.inject({ method: 'GET', url: `/api/addresses/${listing.id}/price-history` });
    expect(history.json().points.map((p: { price: string }) => p.price)).toEqual([from, to]);
  });
});
