import { describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { createFingerprinter } from '@tests/helpers/db-fingerprint';
import { createListing, createUser } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { signIn } from '@tests/helpers/wallet';
import {
  addressOfRevealed,
  inspect,
  postAccount,
  settle,
  signAndSend,
  SYSTEM_PROGRAM,
  purchaseView,
} from '@tests/helpers/pay';
import { balanceOf, countRows, fund, initiateOk, listingStatus, reveal, statusOf } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { startedPurchase } from '@tests/helpers/purchase-flows';

const treasury = newKeypair().address;

const ctx = usePurchaseApp({ env: { TREASURY_WALLET: treasury } });

describe('Solana Pay transaction request', () => {
  it('a wallet with no session pays through the request; the verifier completes it without a confirm call', async () => {
    const { listing, keypair, buyer, started } = await startedPurchase(ctx, { price: '0.5' });
    const url = `/api/pay/${started.transactionId}`;

    // The phone wallet: the buyer's key, no cookie, another origin.
    const meta = await ctx.t.app.inject({ method: 'GET', url, headers: { origin: 'https://wallet.example' } });
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['access-control-allow-origin']).toBe('*');
    expect(meta.json()).toEqual({
      label: 'Vanity Vault',
      icon: `http://localhost:5000/api/actions/listings/${listing.address}/icon.svg`,
    });
    const preflight = await ctx.t.app.inject({ method: 'OPTIONS', url });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    const res = await postAccount(ctx.t, url, buyer.walletAddress);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toContain(listing.address);
    const built = inspect(body.transaction);
    expect(built.feePayer).toBe(buyer.walletAddress);
    expect(built.signatures).toEqual([null]); // unsigned: the wallet signs
    // One plain System transfer of the total into the purchase's escrow: no memo, no reference account, and nothing
    // to the seller or the treasury (the payout does that, out of the escrow).
    const escrow = started.payment.recipient;
    expect(started.payment.reference).toBe(escrow);
    expect(built.programs).toEqual([SYSTEM_PROGRAM]);
    expect(built.accounts).toEqual([buyer.walletAddress, escrow, SYSTEM_PROGRAM]);
    const [sellerBefore, treasuryBefore] = await Promise.all([
      balanceOf(ctx.chain, listing.sellerWallet),
      balanceOf(ctx.chain, treasury),
    ]);

    // No confirm call: the worker finds the payment in the escrow.
    await signAndSend(ctx.chain, buyer.keys, body.transaction);
    await settle(ctx.t);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toMatch(/verified|completed/);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    // The next pass sees the payout landed: the seller got exactly the price, the treasury the 2.5% commission.
    await settle(ctx.t);
    expect(await purchaseView(ctx.t, started.transactionId)).toMatchObject({
      escrow,
      payoutSignature: expect.any(String),
      refundSignatures: [],
    });
    expect(await balanceOf(ctx.chain, listing.sellerWallet)).toBe(sellerBefore + 500_000_000n);
    expect(await balanceOf(ctx.chain, treasury)).toBe(treasuryBefore + 12_500_000n);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);

    const again = await signIn(ctx.t.app, buyer.keys);
    const revealed = await reveal(ctx.t, again, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(addressOfRevealed(revealed.json().privateKey)).toBe(keypair.address);

    // A second transaction for the paid purchase is refused, and the refusal changes nothing.
    const fingerprinter = await createFingerprinter(ctx.t.database);
    const paid = await fingerprinter.take();
    const second = await postAccount(ctx.t, url, buyer.walletAddress);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('INVALID_TRANSACTION_STATE');
    expect(await fingerprinter.take()).toEqual(paid);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toMatch(/verified|completed/);
  });

  it('refuses a malformed account, another wallet, and an unknown purchase, changing nothing', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const buyer = await createUser(ctx.t);
    await fund(ctx.chain, buyer.walletAddress); // initiate checks the balance (docs/domain.md#reservation-limits)
    const started = await initiateOk(ctx.t, buyer, listing);
    const url = `/api/pay/${started.transactionId}`;
    const before = await countRows(ctx.t, 'transactions');

    for (const account of ['not-base58-0OIl', '1'.repeat(20), 42, '']) {
      const res = await postAccount(ctx.t, url, account);
      expect(res.statusCode, String(account)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    // Someone else (signed in or not) asking for this buyer's purchase with their own wallet.
    const stranger = await createUser(ctx.t);
    const mismatch = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: stranger.cookie, 'content-type': 'application/json' },
      payload: { account: stranger.walletAddress },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: 'BUYER_MISMATCH' });
    expect(mismatch.json().message).toMatch(/wallet you signed in with/);
    expect(mismatch.json().message).not.toContain(buyer.walletAddress);

    const unknown = await postAccount(ctx.t, '/api/pay/00000000-0000-4000-8000-000000000000', buyer.walletAddress);
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/pay/not-a-uuid' })).statusCode).toBe(400);

    expect(await countRows(ctx.t, 'transactions')).toBe(before);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('initiated');
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');
  });

  it('refuses a transaction once the reservation has expired', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const buyer = await createUser(ctx.t);
    await fund(ctx.chain, buyer.walletAddress); // initiate checks the balance (docs/domain.md#reservation-limits)
    const started = await initiateOk(ctx.t, buyer, listing);
    await runVerifierOnce(ctx.t.deps(16 * 60_000));
    const res = await postAccount(ctx.t, `/api/pay/${started.transactionId}`, buyer.walletAddress);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'INVALID_TRANSACTION_STATE' });
  });
});
