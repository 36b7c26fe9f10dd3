import { describe, expect, it } from 'vitest';
import { createListing, createUser, listingTableCounts } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { lookalikeOf } from '@tests/helpers/lookalike';
import { useAppWithAdmin } from '@tests/helpers/app-suite';

const ctx = useAppWithAdmin();

const post = (payload: unknown, cookie?: string) =>
  ctx.t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

/** Sends a bad create and checks the status, the error code, the message, and that nothing was written. */
async function expectRefused(
  payload: unknown,
  status: number,
  code: string,
  message?: string | RegExp,
  cookie = ctx.admin.cookie,
) {
  const before = await listingTableCounts(ctx.t);
  const res = await post(payload, cookie);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(await listingTableCounts(ctx.t)).toEqual(before);
  return body as { error: string; message: string };
}

describe('POST /api/addresses', () => {
  it('creates a listing owned by the session, with server-computed rarity, and never returns the key', async () => {
    const kp = newKeypair();
    const res = await post(
      {
        address: kp.address,
        price: '2',
        privateKey: kp.forms.base58Secret,
        rarityScore: 10,
        category: 'legendary',
        status: 'sold',
        sellerId: ctx.admin.walletAddress,
        network: 'solana',
        currency: 'SOL',
        isListed: true,
      },
      ctx.admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const listing = res.json();
    expect(listing).toMatchObject({
      address: kp.address,
      price: '2',
      currency: 'SOL',
      status: 'available',
      isListed: true,
      sellerWallet: ctx.admin.walletAddress,
      promotionType: 'standard',
      usdPrice: 394,
      formattedUsd: '$394.00',
    });
    expect(listing.rarityScore).toBeLessThan(10); // the client's 10 is ignored
    expect(listing.category).not.toBe('legendary');
    for (const form of Object.values(kp.forms)) expect(res.body).not.toContain(form);
    const [key] = await ctx.t.database.query<{ n: number }>(
      'select count(*)::int as n from encrypted_keys where address_id = $1',
      [listing.id],
    );
    expect(key?.n).toBe(1);
    const [audit] = await ctx.t.database.query<{ n: number }>(
      "select count(*)::int as n from transaction_audit where action = 'listing.create' and metadata->>'addressId' = $1",
      [listing.id],
    );
    expect(audit?.n).toBe(1);
  });

  it.each(['base58Secret', 'base58Seed', 'hexSeed', 'jsonArray'] as const)('accepts a %s private key', async (form) => {
    const kp = newKeypair();
    const res = await post({ address: kp.address, price: 1, privateKey: kp.forms[form] }, ctx.admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each([
    ['0,5', '0.5'],
    ['.5', '0.5'],
    [' 0.5 ', '0.5'],
    ['1,25', '1.25'],
  ])('reads the typed price %j as %s SOL, never 10x', async (price, stored) => {
    const kp = newKeypair();
    const res = await post({ address: kp.address, price, privateKey: kp.forms.base58Secret }, ctx.admin.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price).toBe(stored);
    const [row] = await ctx.t.database.query<{ price: string }>(
      'select price::text from addresses where address = $1',
      [kp.address],
    );
    expect(Number(row?.price)).toBe(Number(stored));
  });

  it('makes a featured listing with a 30-day promotion', async () => {
    const { listing } = await createListing(ctx.t, { seller: ctx.admin, promotionType: 'featured' });
    expect(listing).toMatchObject({ promotionType: 'featured', isFeatured: true, isPromoted: false });
    const days = (Date.parse(listing.featuredUntil!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const rows = await ctx.t.database.query(
      'select promotion_type, is_active from listing_promotions where address_id = $1',
      [listing.id],
    );
    expect(rows).toEqual([{ promotion_type: 'featured', is_active: true }]);
  });

  it('answers 401 with the spec message without a session', async () => {
    const kp = newKeypair();
    await expectRefused(
      { address: kp.address, price: '1', privateKey: kp.forms.base58Secret },
      401,
      'SESSION_REQUIRED',
      'Wallet not connected. Please connect your wallet first.',
      '',
    );
  });

  it('answers 403 with the spec message for a non-admin wallet', async () => {
    const user = await createUser(ctx.t);
    const kp = newKeypair();
    await expectRefused(
      { address: kp.address, price: '1', privateKey: kp.forms.base58Secret },
      403,
      'ADMIN_REQUIRED',
      'Create listing is restricted to authorized admin wallets only',
      user.cookie,
    );
  });

  it('answers 403 when sellerId names another wallet', async () => {
    const kp = newKeypair();
    await expectRefused(
      { address: kp.address, price: '1', privateKey: kp.forms.base58Secret, sellerId: newKeypair().address },
      403,
      'WALLET_MISMATCH',
    );
  });

  // The shared reader of typed SOL (src/shared/sol-input.ts, docs/decisions/0015-typed-sol-is-parsed-not-guessed.md),
  // the create form's rules on the server.
  it.each([
    [undefined, 'Price is required'],
    ['', 'Price is required'],
    ['0', 'Price must be a positive number greater than 0'],
    [0, 'Price must be a positive number greater than 0'],
    ['-1', 'Price cannot be negative: remove the minus sign'],
    [-5, 'Price cannot be negative'],
    ['abc', 'Price must be digits only, without letters (e.g. 0.5)'],
    ['NaN', 'Price must be digits only, without letters (e.g. 0.5)'],
    ['Infinity', 'Price must be digits only, without letters (e.g. 0.5)'],
    ['1e309', 'Price must be digits only, without letters (e.g. 0.5)'],
    ['1e-3', 'Price must be digits only, without letters (e.g. 0.5)'],
    ['1.2.3', 'Price has 2 separators: use one decimal separator, "." or "," (e.g. 0.5 or 0,5)'],
    ['0,5.1', 'Price has 2 separators: use one decimal separator, "." or "," (e.g. 0.5 or 0,5)'],
    ['1,000', 'Price "1,000" could mean 1000 or 1.000: write it without the comma, or with a point'],
    ['99999999999', 'Price is above the most allowed, 9,999,999,999.99999999 SOL'],
    [true, 'Price must be a positive number greater than 0'],
    ['0.000000001', 'Price can have at most 8 decimals'],
  ])('refuses price %j: %s', async (price, message) => {
    const kp = newKeypair();
    await expectRefused(
      { address: kp.address, price, privateKey: kp.forms.base58Secret },
      400,
      'VALIDATION_FAILED',
      message,
    );
  });

  it('refuses a JSON number 1e309 (parsed as Infinity)', async () => {
    const kp = newKeypair();
    const before = await listingTableCounts(ctx.t);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { cookie: ctx.admin.cookie, 'content-type': 'application/json' },
      payload: `{"address":"${kp.address}","price":1e309,"privateKey":"${kp.forms.base58Secret}"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: 'Price must be a positive number greater than 0',
    });
    expect(await listingTableCounts(ctx.t)).toEqual(before);
  });

  it.each([undefined, '', '   '])('refuses a missing private key (%j)', async (privateKey) => {
    const kp = newKeypair();
    await expectRefused(
      { address: kp.address, price: '1', privateKey },
      400,
      'VALIDATION_FAILED',
      'Private key is required to verify ownership',
    );
  });

  it.each([
    ['not base58', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'],
    ['too short', '1234'],
    ['31 bytes', '1'.repeat(1) + 'z'.repeat(30)],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
  ])('refuses an invalid address (%s)', async (_label, address) => {
    const kp = newKeypair();
    await expectRefused({ address, price: '1', privateKey: kp.forms.base58Secret }, 400, 'INVALID_ADDRESS');
  });

  it('refuses network ethereum', async () => {
    const kp = newKeypair();
    await expectRefused(
      { address: kp.address, network: 'ethereum', price: '1', privateKey: kp.forms.base58Secret },
      400,
      'UNSUPPORTED_NETWORK',
    );
  });

  it('refuses a key of another address, naming the reason but never the key', async () => {
    const kp = newKeypair();
    const other = newKeypair();
    const body = await expectRefused(
      { address: kp.address, price: '1', privateKey: other.forms.base58Secret },
      400,
      'OWNERSHIP_VERIFICATION_FAILED',
      /does not match/,
    );
    for (const form of Object.values(other.forms)) expect(JSON.stringify(body)).not.toContain(form);
  });

  it('refuses a 63-byte key and an inconsistent 64-byte key', async () => {
    const kp = newKeypair();
    const short = JSON.stringify([...kp.secretKey.subarray(0, 63)]);
    const body = await expectRefused(
      { address: kp.address, price: '1', privateKey: short },
      400,
      'OWNERSHIP_VERIFICATION_FAILED',
      /64 numbers/,
    );
    expect(body.message).not.toContain(short);
    const tampered = new Uint8Array(kp.secretKey);
    tampered[40] = (tampered[40] ?? 0) ^ 1;
    await expectRefused(
      { address: kp.address, price: '1', privateKey: JSON.stringify([...tampered]) },
      400,
      'OWNERSHIP_VERIFICATION_FAILED',
      /inconsistent/,
    );
  });

  it('refuses a duplicate with 409 LISTING_EXISTS', async () => {
    const { keypair } = await createListing(ctx.t, { seller: ctx.admin });
    await expectRefused(
      { address: keypair.address, price: '1', privateKey: keypair.forms.base58Secret },
      409,
      'LISTING_EXISTS',
    );
  });

  it('refuses a look-alike of an address an admin added to the list', async () => {
    const kp = newKeypair();
    const fake = lookalikeOf(kp.address);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/known-addresses',
      headers: { cookie: ctx.admin.cookie },
      payload: { address: fake, label: 'Test Exchange' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await expectRefused(
      { address: kp.address, price: '1', privateKey: kp.forms.base58Secret },
      400,
      'LOOKALIKE_ADDRESS',
      /Test Exchange/,
    );
  });

  it('refuses oversized bodies with 413', async () => {
    const kp = newKeypair();
    const before = await listingTableCounts(ctx.t);
    const res = await post(
      { address: kp.address, price: '1', privateKey: kp.forms.base58Secret, pad: 'x'.repeat(300 * 1024) },
      ctx.admin.cookie,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('BODY_TOO_LARGE');
    expect(await listingTableCounts(ctx.t)).toEqual(before);
  });
});

describe('known addresses', () => {
  it('lets admins add and list entries, refuses duplicates and non-admins', async () => {
    const entry = newKeypair().address;
    const add = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/known-addresses',
      headers: { cookie: ctx.admin.cookie },
      payload: { address: entry, label: 'Hot wallet' },
    });
    expect(add.statusCode, add.body).toBe(201);
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/known-addresses',
      headers: { cookie: ctx.admin.cookie },
      payload: { address: entry, label: 'Hot wallet' },
    });
    expect(again.statusCode).toBe(409);
    const list = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/known-addresses',
      headers: { cookie: ctx.admin.cookie },
    });
    expect(list.json().addresses.map((a: { address: string }) => a.address)).toContain(entry);
    const user = await createUser(ctx.t);
    const denied = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/known-addresses',
      headers: { cookie: user.cookie },
    });
    expect(denied.statusCode).toBe(403);
  });
});
