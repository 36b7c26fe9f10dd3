import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { createListing, createUser } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet, signIn } from '@tests/helpers/wallet';
import { addressOfRevealed, inspect, postAccount, signAndSend } from './pay-helpers';
import {
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  reveal,
  statusOf,
  type PurchaseTestApp,
  type TestChain,
} from './purchases-helpers';

let chain: TestChain;
let t: PurchaseTestApp;

/** A signed-in buyer who can afford a reservation (initiate checks the balance, docs/domain.md#reservation-limits). */
async function fundedUser() {
  const user = await createUser(t);
  await fund(chain, user.walletAddress);
  return user;
}

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const actionUrl = (address: string) => `/api/actions/listings/${address}`;
const getAction = (address: string) =>
  t.app.inject({ method: 'GET', url: actionUrl(address), headers: { origin: 'https://blinks.example' } });

/** The purchase rows Actions POSTs made for a listing. */
const actionRows = (addressId: string) =>
  t.database.query<{ id: string; status: string; dispute_reason: string | null; tx_hash: string | null }>(
    'select id, status, dispute_reason, tx_hash from transactions where address_id = $1 and not reserves_listing order by created_at',
    [addressId],
  );

async function purchasesOf(wallet: { cookie: string }) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/transactions/purchases',
    headers: { cookie: wallet.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ id: string; status: string; disputeReason: string | null }>;
}

describe('Solana Actions', () => {
  it('a wallet that never signed in buys through the action; it then signs in, sees the purchase and reveals the key', async () => {
    const keypair = newKeypair();
    const { listing } = await createListing(t, { keypair, price: '0.5', pattern: keypair.address.slice(0, 3) });
    const payer = await newWallet();
    await fund(chain, payer.walletAddress);

    const rules = await t.app.inject({ method: 'GET', url: '/actions.json' });
    expect(rules.statusCode).toBe(200);
    expect(rules.headers['access-control-allow-origin']).toBe('*');
    expect(rules.json().rules).toContainEqual({ pathPattern: '/address/*', apiPath: '/api/actions/listings/*' });
    expect(
      (await t.app.inject({ method: 'OPTIONS', url: '/actions.json' })).headers['access-control-allow-origin'],
    ).toBe('*');

    const preflight = await t.app.inject({ method: 'OPTIONS', url: actionUrl(listing.address) });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,POST,PUT,OPTIONS',
      'x-action-version': '2.4',
      'x-blockchain-ids': `solana:${chain.validator.genesisHash.slice(0, 32)}`,
    });
    expect(preflight.headers['access-control-expose-headers']).toBe('X-Action-Version, X-Blockchain-Ids');

    const card = await getAction(listing.address);
    expect(card.statusCode).toBe(200);
    expect(card.headers['x-action-version']).toBe('2.4');
    const meta = card.json();
    expect(meta).toMatchObject({
      type: 'action',
      label: 'Buy for 0.5 SOL',
      icon: `http://localhost:5000/api/actions/listings/${listing.address}/icon.svg`,
    });
    expect(meta.title).toContain(listing.address);
    expect(meta.description).toMatch(/rarity \d+\.\d\/10/);
    expect(meta.description).toContain('0.5 SOL');
    expect(meta.disabled).toBeUndefined();

    const icon = await t.app.inject({ method: 'GET', url: meta.icon.replace('http://localhost:5000', '') });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(icon.body).toMatch(/^<svg /);
    expect(icon.body.match(/<tspan fill="#f5c451" font-weight="700">/g)?.length).toBe(3); // the pattern, in gold

    const res = await postAccount(t, actionUrl(listing.address), payer.walletAddress);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.type).toBe('transaction');
    expect(body.message).toMatch(/sign in/i);
    expect(body.links.next).toMatchObject({ type: 'inline', action: { type: 'completed' } });
    expect(inspect(body.transaction).feePayer).toBe(payer.walletAddress);
    // The POST reserved nothing: the listing is still for sale to everyone.
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'available', is_listed: true });

    await signAndSend(chain, payer.keys, body.transaction);
    const report = await runVerifierOnce(t.deps());
    expect(report.errors).toEqual([]);
    const [row] = await actionRows(listing.id);
    expect(row?.status).toMatch(/verified|completed/);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'sold', is_listed: false });

    const soldCard = (await getAction(listing.address)).json();
    expect(soldCard).toMatchObject({ disabled: true, error: { message: 'This address has been sold.' } });

    const session = await signIn(t.app, payer.keys);
    expect((await purchasesOf(session)).map((p) => p.id)).toEqual([row!.id]);
    const revealed = await reveal(t, session, row!.id);
    expect(revealed.statusCode).toBe(200);
    expect(addressOfRevealed(revealed.json().privateKey)).toBe(keypair.address);

    // Sold: a POST now is refused and writes nothing.
    const before = await countRows(t, 'transactions');
    const late = await postAccount(t, actionUrl(listing.address), (await newWallet()).walletAddress);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('LISTING_NOT_AVAILABLE');
    expect(late.headers['access-control-allow-origin']).toBe('*'); // errors reach the blink client too
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('refuses a reserved listing, a malformed account, the seller and an unknown address, changing nothing', async () => {
    const { listing, seller } = await createListing(t, { price: '0.3' });
    const other = await createListing(t, { price: '0.3' });
    await initiateOk(t, await fundedUser(), other.listing); // reserved by a web buyer
    const before = await countRows(t, 'transactions');
    const users = await countRows(t, 'users');

    const reserved = await postAccount(t, actionUrl(other.listing.address), (await newWallet()).walletAddress);
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().error).toBe('LISTING_NOT_AVAILABLE');
    expect((await getAction(other.listing.address)).json()).toMatchObject({
      disabled: true,
      error: { message: 'This address is reserved by a buyer right now.' },
    });

    for (const account of ['0OIl-not-base58', 'x'.repeat(44), null]) {
      const res = await postAccount(t, actionUrl(listing.address), account);
      expect(res.statusCode, String(account)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    const own = await postAccount(t, actionUrl(listing.address), seller.walletAddress);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('OWN_LISTING');
    const unknown = await postAccount(t, actionUrl(newKeypair().address), (await newWallet()).walletAddress);
    expect(unknown.statusCode).toBe(404);

    expect(await countRows(t, 'transactions')).toBe(before);
    expect(await countRows(t, 'users')).toBe(users);
    expect((await listingStatus(t, listing.id))?.status).toBe('available');
  });

  it('a burst of POSTs naming many accounts leaves the listing to a web buyer, fills no profile, and is rate limited per IP', async () => {
    const { listing } = await createListing(t, { price: '0.4' });
    const named = await Promise.all(Array.from({ length: 20 }, () => newWallet()));
    for (const wallet of named) {
      const res = await postAccount(t, actionUrl(listing.address), wallet.walletAddress, '10.9.9.9');
      expect(res.statusCode).toBe(200);
    }
    expect(await actionRows(listing.id)).toHaveLength(20);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'available', is_listed: true });
    expect((await getAction(listing.address)).json().disabled).toBeUndefined();

    const webBuyer = await createUser(t);
    await fund(chain, webBuyer.walletAddress);
    const started = await initiate(t, webBuyer, listing);
    expect(started.statusCode).toBe(201);
    expect((await getAction(listing.address)).json().disabled).toBe(true);

    // A named stranger who signs in does not find the unpaid rows in their history.
    expect(await purchasesOf(await signIn(t.app, named[0]!.keys))).toEqual([]);

    // The rows expire with their blockhash and give back nothing: the web buyer's reservation stands.
    await runVerifierOnce(t.deps(3 * 60_000));
    expect(new Set((await actionRows(listing.id)).map((r) => r.status))).toEqual(new Set(['failed']));
    expect((await listingStatus(t, listing.id))?.status).toBe('pending');
    expect((await statusOf(t, started.json().transactionId))?.status).toBe('initiated');

    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await postAccount(t, actionUrl(newKeypair().address), newKeypair().address, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404)); // 21st to 30th request of this IP: still served
    expect(statuses.slice(10)).toEqual([429, 429]);
    const elsewhere = await postAccount(t, actionUrl(newKeypair().address), newKeypair().address, '10.9.9.10');
    expect(elsewhere.statusCode).toBe(404); // another IP has its own counter
  });

  it('Actions POSTs naming a wallet neither use up its reservation quota nor start its cool-down', async () => {
    // Anyone may name any account in an Actions POST (docs/domain.md#solana-pay-and-actions); the per-wallet
    // reservation rules (docs/domain.md#reservation-limits) must therefore count only real reservations, or a stranger
    // could lock a victim out of buying.
    const victim = await createUser(t);
    await fund(chain, victim.walletAddress);
    const listings = await Promise.all([0, 1, 2].map(() => createListing(t, { price: '0.1' })));
    for (const { listing } of listings) {
      expect((await postAccount(t, actionUrl(listing.address), victim.walletAddress, '10.8.8.8')).statusCode).toBe(200);
    }
    // Three open rows name the victim, more than its quota of 2: it may still reserve.
    expect((await initiate(t, victim, listings[0]!.listing)).statusCode).toBe(201);
    // Once they expire unpaid, as a lapsed reservation would, no cool-down applies to the victim either.
    await runVerifierOnce(t.deps(3 * 60_000));
    expect((await initiate(t, victim, listings[1]!.listing)).statusCode).toBe(201);
  });

  it('two Actions payments for one listing: the first buyer gets the key, the second is a refund due shown to the seller', async () => {
    const { listing, keypair, seller } = await createListing(t, { price: '0.25' });
    const first = await newWallet();
    const second = await newWallet();
    await fund(chain, first.walletAddress);
    await fund(chain, second.walletAddress);
    const firstTx = (await postAccount(t, actionUrl(listing.address), first.walletAddress)).json().transaction;
    const secondTx = (await postAccount(t, actionUrl(listing.address), second.walletAddress)).json().transaction;

    await signAndSend(chain, first.keys, firstTx);
    expect((await runVerifierOnce(t.deps())).errors).toEqual([]);
    await signAndSend(chain, second.keys, secondTx);
    // 10 s on: the first pass also looked at the second row, and leased it for 8 s.
    expect((await runVerifierOnce(t.deps(10_000))).errors).toEqual([]);

    const [won, lost] = await actionRows(listing.id);
    expect(won?.status).toMatch(/verified|completed/);
    expect(lost).toMatchObject({ status: 'failed' });
    expect(lost?.tx_hash).not.toBeNull();
    expect(lost?.dispute_reason).toMatch(/^Refund due: 0\.25 SOL was paid .* through a Solana Action/);
    expect(lost?.dispute_reason).toContain(second.walletAddress);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'sold', is_listed: false });

    const sales = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/user',
      headers: { cookie: seller.cookie },
    });
    const refund = (sales.json() as Array<{ id: string; disputeReason: string | null }>).find((s) => s.id === lost!.id);
    expect(refund?.disputeReason).toMatch(/^Refund due/);

    const winner = await signIn(t.app, first.keys);
    const revealed = await reveal(t, winner, won!.id);
    expect(addressOfRevealed(revealed.json().privateKey)).toBe(keypair.address);
    const loser = await signIn(t.app, second.keys);
    expect((await purchasesOf(loser)).map((p) => p.status)).toEqual(['failed']);
    const refused = await reveal(t, loser, lost!.id);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.body).not.toContain('privateKey');
  });

  it('an anonymous POST writes no audit row; the row that records the purchase comes when its payment lands (issue 26)', async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    const audits = (where = 'true') =>
      countRows(
        t,
        'transaction_audit',
        `transaction_id in (select id from transactions where address_id = '${listing.id}') and ${where}`,
      );
    const posted = [];
    for (let i = 0; i < 5; i += 1) {
      const wallet = await newWallet();
      const res = await postAccount(t, actionUrl(listing.address), wallet.walletAddress, '10.26.1.1');
      expect(res.statusCode, res.body).toBe(200);
      posted.push({ wallet, transaction: res.json().transaction as string });
    }
    expect(await actionRows(listing.id)).toHaveLength(5);
    expect(await audits()).toBe(0);

    // The last one pays: the verifier sees it land and records it.
    const { wallet, transaction } = posted[4]!;
    await fund(chain, wallet.walletAddress);
    await signAndSend(chain, wallet.keys, transaction);
    expect((await runVerifierOnce(t.deps())).errors).toEqual([]);
    expect(await audits(`action = 'purchase.payment_found'`)).toBe(1);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'sold', is_listed: false });
  });
});
