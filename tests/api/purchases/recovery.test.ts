import { describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { signIn } from '@tests/helpers/wallet';
import {
  balanceOf,
  confirm,
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
import { fundedBuyer, startedPurchase } from '@tests/helpers/purchase-flows';
import { failureOf, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

const MINUTE = 60_000;
const ctx = usePurchaseApp();

describe('recovery', () => {
  it('completes a sale whose buyer paid but never confirmed, on a new instance after the first one died', async () => {
    const first = await ctx.anotherInstance();
    const admin = await createAdmin(first);
    const { listing, keypair } = await createListing(first, { seller: admin, price: '0.3' });
    const buyer = await createUser(first);
    await fund(ctx.chain, buyer.walletAddress);
    const started = await initiateOk(first, buyer, listing);
    await pay(ctx.chain, buyer, started.payment);
    await first.close(); // the server dies before the browser's confirm arrives
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);

    const report = await settle(ctx.t);
    expect(report.verified).toBe(1);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toMatch(/verified|completed/);
    // The new instance paid the seller out of the escrow, and finished the payout in the same pass.
    expect(report.transfersLanded).toBe(1);
    expect((await balanceOf(ctx.chain, admin.walletAddress)) - sellerBefore).toBe((3n * SOL) / 10n);
    expect(await balanceOf(ctx.chain, started.payment.recipient)).toBe(0n);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    const again = await signIn(ctx.t.app, buyer.keys); // sessions live in the database, but sign in anew anyway
    const revealed = await reveal(ctx.t, again, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().privateKey).toBe(keypair.forms.base58Secret);
  });

  it('expires an unpaid reservation and puts the listing back on sale', async () => {
    const { listing, started } = await startedPurchase(ctx, { price: '0.2' });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending'); // "someone is checking out"

    await runVerifierOnce(ctx.t.deps()); // inside the window: nothing happens
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('initiated');

    await runVerifierOnce(ctx.t.deps(16 * MINUTE));
    expect(await statusOf(ctx.t, started.transactionId)).toMatchObject({
      status: 'failed',
      dispute_reason: 'reservation expired',
    });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
    const next = await fundedBuyer(ctx);
    expect((await initiate(ctx.t, next, listing)).statusCode).toBe(201);
  });

  it('fails a submitted signature that never lands once the window and its grace are over', async () => {
    const { listing, buyer, started } = await startedPurchase(ctx, { price: '0.2' });
    const phantom = '5'.repeat(87); // a well-formed signature nobody sent
    expect((await confirm(ctx.t, buyer, started.transactionId, phantom)).json().status).toBe('pending');

    await runVerifierOnce(ctx.t.deps(16 * MINUTE));
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('pending');
    await runVerifierOnce(ctx.t.deps(25 * MINUTE));
    expect(await statusOf(ctx.t, started.transactionId)).toMatchObject({ status: 'failed', tx_hash: null });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
  });

  it('a late payment still buys an address nobody else bought', async () => {
    const { listing, seller, buyer, started } = await startedPurchase(ctx, { price: '0.2' });
    await runVerifierOnce(ctx.t.deps(16 * MINUTE));
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('failed');

    const sellerBefore = await balanceOf(ctx.chain, seller.walletAddress);
    await pay(ctx.chain, buyer, started.payment);
    await settle(ctx.t, 30 * MINUTE);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toMatch(/verified|completed/);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('sold');
    expect((await balanceOf(ctx.chain, seller.walletAddress)) - sellerBefore).toBe((2n * SOL) / 10n);
  });

  it('a payment after its reservation expired and the address was sold to someone else is refunded to its payer', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '0.4' });
    const late = await fundedBuyer(ctx);
    const winner = await fundedBuyer(ctx);

    const lateOrder = await initiateOk(ctx.t, late, listing);
    await runVerifierOnce(ctx.t.deps(16 * MINUTE));
    expect((await statusOf(ctx.t, lateOrder.transactionId))?.status).toBe('failed');

    const winning = await initiateOk(ctx.t, winner, listing);
    const winnerTx = await pay(ctx.chain, winner, winning.payment);
    expect((await confirm(ctx.t, winner, winning.transactionId, winnerTx)).json().status).toMatch(/verified|completed/);
    await settle(ctx.t);

    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const lateBefore = await balanceOf(ctx.chain, late.walletAddress);
    await pay(ctx.chain, late, lateOrder.payment);
    // Nobody confirms it: the verifier finds it in the expired purchase's escrow, refunds it, and the refund lands.
    const report = await settle(ctx.t, 30 * MINUTE);
    expect(report).toMatchObject({ refunded: 1, verified: 0, transfersLanded: 1 });

    expect(await failureOf(ctx.t, lateOrder.transactionId)).toEqual({
      status: 'failed',
      failure_kind: 'refunded',
      failure_code: 'LOST_RACE',
      dispute_reason: expect.stringMatching(/^Refunded: another payment landed first\./),
    });
    expect((await statusOf(ctx.t, winning.transactionId))?.status).toMatch(/verified|completed/);
    expect((await reveal(ctx.t, late, lateOrder.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
    // The seller is paid nothing more; the late buyer is out of the two network fees only.
    expect(await balanceOf(ctx.chain, admin.walletAddress)).toBe(sellerBefore);
    expect(await balanceOf(ctx.chain, late.walletAddress)).toBe(lateBefore - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, lateOrder.payment.recipient)).toBe(0n);

    const sellerView = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/transactions/user?walletAddress=${admin.walletAddress}`,
      headers: { cookie: admin.cookie },
    });
    expect(sellerView.statusCode).toBe(200);
    const shown = sellerView.json().find((r: { id: string }) => r.id === lateOrder.transactionId);
    expect(shown).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      refundSignatures: [expect.any(String)],
      refundedLamports: (BigInt(lateOrder.payment.lamports) - SIGNATURE_FEE).toString(),
    });
    // Later passes leave the decision alone, and send nothing more.
    expect(await settle(ctx.t, 60 * MINUTE)).toMatchObject({ refunded: 0, transfersLanded: 0 });
    expect(await balanceOf(ctx.chain, late.walletAddress)).toBe(lateBefore - 2n * SIGNATURE_FEE);
  });
});
