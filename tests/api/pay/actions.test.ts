import { describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SIGNATURE } from '@chain/compute-budget';
import { runVerifierOnce } from '@server/jobs';
import { createListing } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet, signIn } from '@tests/helpers/wallet';
import {
  actionRows,
  actionUrl,
  addressOfRevealed,
  inspect,
  postAccount,
  settle,
  signAndSend,
  SYSTEM_PROGRAM,
  purchaseView,
} from '@tests/helpers/pay';
import {
  balanceOf,
  countRows,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  SOL,
  statusOf,
} from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';

const ctx = usePurchaseApp();

const getAction = (address: string) =>
  ctx.t.app.inject({ method: 'GET', url: actionUrl(address), headers: { origin: 'https://blinks.example' } });

async function purchasesOf(wallet: { cookie: string }) {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url: '/api/transactions/purchases',
    headers: { cookie: wallet.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: string;
    status: string;
    failureKind: string | null;
    failureCode: string | null;
    refundSignatures: string[];
  }>;
}

const usersWith = (wallet: string) => countRows(ctx.t, 'users', `wallet_address = '${wallet}'`);

describe('Solana Actions', () => {
  it('a wallet that never signed in buys through the action; it then signs in, sees the purchase and reveals the key', async () => {
    const keypair = newKeypair();
    const { listing } = await createListing(ctx.t, { keypair, price: '0.5', pattern: keypair.address.slice(0, 3) });
    const payer = await newWallet();
    await fund(ctx.chain, payer.walletAddress);

    const rules = await ctx.t.app.inject({ method: 'GET', url: '/actions.json' });
    expect(rules.statusCode).toBe(200);
    expect(rules.headers['access-control-allow-origin']).toBe('*');
    expect(rules.json().rules).toContainEqual({ pathPattern: '/address/*', apiPath: '/api/actions/listings/*' });
    expect(
      (await ctx.t.app.inject({ method: 'OPTIONS', url: '/actions.json' })).headers['access-control-allow-origin'],
    ).toBe('*');

    const preflight = await ctx.t.app.inject({ method: 'OPTIONS', url: actionUrl(listing.address) });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,POST,PUT,OPTIONS',
      'x-action-version': '2.4',
      'x-blockchain-ids': `solana:${ctx.chain.validator.genesisHash.slice(0, 32)}`,
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

    const icon = await ctx.t.app.inject({ method: 'GET', url: meta.icon.replace('http://localhost:5000', '') });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(icon.body).toMatch(/^<svg /);
    expect(icon.body.match(/<tspan fill="#f5c451" font-weight="700">/g)?.length).toBe(3); // the pattern, in gold

    const res = await postAccount(ctx.t, actionUrl(listing.address), payer.walletAddress);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.type).toBe('transaction');
    expect(body.message).toMatch(/sign in/i);
    expect(body.links.next).toMatchObject({ type: 'inline', action: { type: 'completed' } });
    // One plain System transfer of the total from the payer into this purchase's own escrow (docs/domain.md#settlement).
    const [row] = await actionRows(ctx.t, listing.id);
    const built = inspect(body.transaction);
    expect(built.feePayer).toBe(payer.walletAddress);
    expect(built.signatures).toEqual([null]);
    expect(built.programs).toEqual([SYSTEM_PROGRAM]);
    expect(built.accounts).toEqual([payer.walletAddress, row!.payment_reference, SYSTEM_PROGRAM]);
    // The POST reserved nothing (the listing is still for sale to everyone) and made no user for the account.
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });
    expect(row).toMatchObject({ buyer_id: null, buyer_wallet: payer.walletAddress });
    expect(await usersWith(payer.walletAddress)).toBe(0);

    await signAndSend(ctx.chain, payer.keys, body.transaction);
    const report = await runVerifierOnce(ctx.t.deps());
    expect(report.errors).toEqual([]);
    expect((await statusOf(ctx.t, row!.id))?.status).toMatch(/verified|completed/);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect(await purchaseView(ctx.t, row!.id)).toMatchObject({
      buyerId: null,
      buyer: { walletAddress: payer.walletAddress },
      escrow: row!.payment_reference,
    });

    const soldCard = (await getAction(listing.address)).json();
    expect(soldCard).toMatchObject({ disabled: true, error: { message: 'This address has been sold.' } });

    const session = await signIn(ctx.t.app, payer.keys);
    expect((await purchasesOf(session)).map((p) => p.id)).toEqual([row!.id]);
    const revealed = await reveal(ctx.t, session, row!.id);
    expect(revealed.statusCode).toBe(200);
    expect(addressOfRevealed(revealed.json().privateKey)).toBe(keypair.address);

    // Sold: a POST now is refused and writes nothing.
    const before = await countRows(ctx.t, 'transactions');
    const late = await postAccount(ctx.t, actionUrl(listing.address), (await newWallet()).walletAddress);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('LISTING_NOT_AVAILABLE');
    expect(late.headers['access-control-allow-origin']).toBe('*'); // errors reach the blink client too
    expect(await countRows(ctx.t, 'transactions')).toBe(before);
  });

  it('a listing someone is checking out on the web stays buyable through its action: a reservation is a notice', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.3' });
    const started = await initiateOk(ctx.t, await fundedBuyer(ctx), listing);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'pending', is_listed: true });

    const card = (await getAction(listing.address)).json();
    expect(card).toMatchObject({ type: 'action', label: 'Buy for 0.3 SOL' });
    expect(card.disabled).toBeUndefined();
    expect(card.error).toBeUndefined();

    const payer = await newWallet();
    const res = await postAccount(ctx.t, actionUrl(listing.address), payer.walletAddress);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await actionRows(ctx.t, listing.id);
    expect(inspect(res.json().transaction).accounts).toContain(row!.payment_reference);
    expect(row!.payment_reference).not.toBe(started.payment.recipient); // each purchase has its own escrow
    // The web buyer's checkout stands, beside the Actions purchase; whichever payment lands first buys the key.
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('initiated');
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');
  });

  it('refuses a malformed account, the seller, an unlisted and an unknown address, changing nothing', async () => {
    const { listing, seller } = await createListing(ctx.t, { price: '0.3' });
    const unlisted = await createListing(ctx.t, { price: '0.3', isListed: false });
    const before = await countRows(ctx.t, 'transactions');
    const users = await countRows(ctx.t, 'users');

    const refused = await postAccount(ctx.t, actionUrl(unlisted.listing.address), (await newWallet()).walletAddress);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('LISTING_NOT_AVAILABLE');
    expect((await getAction(unlisted.listing.address)).json()).toMatchObject({
      label: 'Not for sale',
      disabled: true,
      error: { message: 'This address is not for sale.' },
    });

    for (const account of ['0OIl-not-base58', 'x'.repeat(44), null]) {
      const res = await postAccount(ctx.t, actionUrl(listing.address), account);
      expect(res.statusCode, String(account)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    const own = await postAccount(ctx.t, actionUrl(listing.address), seller.walletAddress);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('OWN_LISTING');
    const unknown = await postAccount(ctx.t, actionUrl(newKeypair().address), (await newWallet()).walletAddress);
    expect(unknown.statusCode).toBe(404);

    expect(await countRows(ctx.t, 'transactions')).toBe(before);
    expect(await countRows(ctx.t, 'users')).toBe(users);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
  });

  it('a burst of POSTs naming many accounts leaves the listing to a web buyer, fills no profile, and is rate limited per IP', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.4' });
    const named = await Promise.all(Array.from({ length: 20 }, () => newWallet()));
    for (const wallet of named) {
      const res = await postAccount(ctx.t, actionUrl(listing.address), wallet.walletAddress, '10.9.9.9');
      expect(res.statusCode).toBe(200);
    }
    expect(await actionRows(ctx.t, listing.id)).toHaveLength(20);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });
    expect((await getAction(listing.address)).json().disabled).toBeUndefined();

    const webBuyer = await fundedBuyer(ctx);
    const started = await initiate(ctx.t, webBuyer, listing);
    expect(started.statusCode).toBe(201);
    // The web checkout is a notice, not a lock: the card still sells (first payment to land wins).
    expect((await getAction(listing.address)).json().disabled).toBeUndefined();

    // A named stranger who signs in does not find the unpaid rows in their history.
    expect(await purchasesOf(await signIn(ctx.t.app, named[0]!.keys))).toEqual([]);

    // The rows expire with their blockhash and give back nothing: the web buyer's reservation stands.
    await runVerifierOnce(ctx.t.deps(3 * 60_000));
    expect(new Set((await actionRows(ctx.t, listing.id)).map((r) => r.status))).toEqual(new Set(['failed']));
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');
    expect((await statusOf(ctx.t, started.json().transactionId))?.status).toBe('initiated');

    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await postAccount(ctx.t, actionUrl(newKeypair().address), newKeypair().address, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404)); // 21st to 30th request of this IP: still served
    expect(statuses.slice(10)).toEqual([429, 429]);
    const elsewhere = await postAccount(ctx.t, actionUrl(newKeypair().address), newKeypair().address, '10.9.9.10');
    expect(elsewhere.statusCode).toBe(404); // another IP has its own counter
  });

  it('Actions POSTs naming a wallet neither use up its reservation quota nor start its cool-down', async () => {
    // Anyone may name any account in an Actions POST (docs/domain.md#solana-pay-and-actions); the per-wallet
    // reservation rules (docs/domain.md#reservation-limits) must therefore count only real reservations, or a stranger
    // could lock a victim out of buying.
    const victim = await fundedBuyer(ctx);
    const listings = await Promise.all([0, 1, 2].map(() => createListing(ctx.t, { price: '0.1' })));
    for (const { listing } of listings) {
      expect((await postAccount(ctx.t, actionUrl(listing.address), victim.walletAddress, '10.8.8.8')).statusCode).toBe(
        200,
      );
    }
    // Three open rows name the victim, more than its quota of 2: it may still reserve.
    expect((await initiate(ctx.t, victim, listings[0]!.listing)).statusCode).toBe(201);
    // Once they expire unpaid, as a lapsed reservation would, no cool-down applies to the victim either.
    await runVerifierOnce(ctx.t.deps(3 * 60_000));
    expect((await initiate(ctx.t, victim, listings[1]!.listing)).statusCode).toBe(201);
  });

  it('two Actions payments for one listing: the first to land gets the key, the second is refunded (LOST_RACE)', async () => {
    const { listing, keypair, seller } = await createListing(ctx.t, { price: '0.25' });
    const first = await newWallet();
    const second = await newWallet();
    await fund(ctx.chain, first.walletAddress);
    await fund(ctx.chain, second.walletAddress);
    const firstTx = (await postAccount(ctx.t, actionUrl(listing.address), first.walletAddress)).json().transaction;
    const secondTx = (await postAccount(ctx.t, actionUrl(listing.address), second.walletAddress)).json().transaction;
    const [firstBefore, secondBefore, sellerBefore] = await Promise.all([
      balanceOf(ctx.chain, first.walletAddress),
      balanceOf(ctx.chain, second.walletAddress),
      balanceOf(ctx.chain, seller.walletAddress),
    ]);
    // No treasury in this app: the total is the price and the payout's network fee.
    const total = SOL / 4n + LAMPORTS_PER_SIGNATURE;

    // Both land before settlement looks: it must pick by landing order, not by whichever it reads first.
    await signAndSend(ctx.chain, first.keys, firstTx);
    await signAndSend(ctx.chain, second.keys, secondTx);
    await settle(ctx.t);
    const [won, lost] = await actionRows(ctx.t, listing.id);
    expect(won?.buyer_wallet).toBe(first.walletAddress);
    expect(won?.status).toMatch(/verified|completed/);
    expect(lost).toMatchObject({ status: 'failed', failure_kind: 'refunded', failure_code: 'LOST_RACE' });
    expect(lost?.dispute_reason).toMatch(/^Refunded: another payment landed first\./);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });

    // The next pass sees the payout and the refund landed.
    await settle(ctx.t);
    const lostView = await purchaseView(ctx.t, lost!.id);
    expect(lostView).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      escrow: lost!.payment_reference,
      payoutSignature: null,
      refundedLamports: (total - LAMPORTS_PER_SIGNATURE).toString(),
    });
    expect(lostView.refundSignatures).toHaveLength(1);
    expect((await purchaseView(ctx.t, won!.id)).payoutSignature).toEqual(expect.any(String));
    // On chain: the second buyer is out only two network fees (its payment's, the refund's); the first paid the
    // total; the seller got exactly the price; both escrows are empty.
    expect(await balanceOf(ctx.chain, second.walletAddress)).toBe(secondBefore - 2n * LAMPORTS_PER_SIGNATURE);
    expect(await balanceOf(ctx.chain, first.walletAddress)).toBe(firstBefore - total - LAMPORTS_PER_SIGNATURE);
    expect(await balanceOf(ctx.chain, seller.walletAddress)).toBe(sellerBefore + SOL / 4n);
    expect(await balanceOf(ctx.chain, won!.payment_reference)).toBe(0n);
    expect(await balanceOf(ctx.chain, lost!.payment_reference)).toBe(0n);

    const winner = await signIn(ctx.t.app, first.keys);
    const revealed = await reveal(ctx.t, winner, won!.id);
    expect(revealed.statusCode).toBe(200);
    expect(addressOfRevealed(revealed.json().privateKey)).toBe(keypair.address);
    // The loser, signed in, finds its refunded purchase (and where the refund went), but no key.
    const loser = await signIn(ctx.t.app, second.keys);
    expect(await purchasesOf(loser)).toEqual([
      expect.objectContaining({
        id: lost!.id,
        status: 'failed',
        failureKind: 'refunded',
        failureCode: 'LOST_RACE',
        refundSignatures: lostView.refundSignatures,
      }),
    ]);
    const refused = await reveal(ctx.t, loser, lost!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('PAYMENT_NOT_VERIFIED');
    expect(refused.body).not.toContain('privateKey');
  });

  it("a stranger's payment into a purchase naming someone else's wallet is refunded and stays out of that wallet's history", async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const victim = await newWallet();
    expect((await postAccount(ctx.t, actionUrl(listing.address), victim.walletAddress)).statusCode).toBe(200);
    const [row] = await actionRows(ctx.t, listing.id);
    const stranger = await fundedBuyer(ctx);
    const strangerBefore = await balanceOf(ctx.chain, stranger.walletAddress);
    const total = SOL / 5n + LAMPORTS_PER_SIGNATURE;
    await pay(ctx.chain, stranger, {
      recipient: row!.payment_reference,
      reference: row!.payment_reference,
      lamports: `${total}`,
    });

    await settle(ctx.t);
    expect(await statusOf(ctx.t, row!.id)).toMatchObject({ status: 'failed' });
    expect((await actionRows(ctx.t, listing.id))[0]).toMatchObject({
      failure_kind: 'refunded',
      failure_code: 'PAYER_MISMATCH',
    });
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });
    await settle(ctx.t);
    expect(await balanceOf(ctx.chain, stranger.walletAddress)).toBe(strangerBefore - 2n * LAMPORTS_PER_SIGNATURE);
    expect(await balanceOf(ctx.chain, row!.payment_reference)).toBe(0n);
    // Only the named wallet's own payment would put the purchase in its history.
    expect(await purchasesOf(await signIn(ctx.t.app, victim.keys))).toEqual([]);
  });

  it('an anonymous POST writes no users row and no audit row; settlement records the purchase when it is paid', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const audits = (where = 'true') =>
      countRows(
        ctx.t,
        'transaction_audit',
        `transaction_id in (select id from transactions where address_id = '${listing.id}') and ${where}`,
      );
    const usersBefore = await countRows(ctx.t, 'users');
    const auditsBefore = await countRows(ctx.t, 'transaction_audit');
    const posted = [];
    for (let i = 0; i < 5; i += 1) {
      const wallet = await newWallet();
      const res = await postAccount(ctx.t, actionUrl(listing.address), wallet.walletAddress, '10.26.1.1');
      expect(res.statusCode, res.body).toBe(200);
      posted.push({ wallet, transaction: res.json().transaction as string });
    }
    const rows = await actionRows(ctx.t, listing.id);
    expect(rows.map((r) => [r.buyer_id, r.buyer_wallet])).toEqual(posted.map((p) => [null, p.wallet.walletAddress]));
    expect(await countRows(ctx.t, 'users')).toBe(usersBefore);
    expect(await countRows(ctx.t, 'transaction_audit')).toBe(auditsBefore);

    // The last one pays: settlement sees it land and records the sale, still without a user for the payer.
    const { wallet, transaction } = posted[4]!;
    await fund(ctx.chain, wallet.walletAddress);
    await signAndSend(ctx.chain, wallet.keys, transaction);
    await settle(ctx.t);
    expect(await audits(`action = 'purchase.verify'`)).toBe(1);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect(await usersWith(wallet.walletAddress)).toBe(0);
    expect(await countRows(ctx.t, 'users')).toBe(usersBefore);
  });
});
