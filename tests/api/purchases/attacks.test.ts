import { generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createListing, createUser } from '@tests/helpers/factories';
import { encodeBase58 } from '@shared/keys/base58';
import {
  balanceOf,
  confirm,
  countRows,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  statusOf,
  verify,
} from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { buyerWithListing, fundedBuyer, startedPurchase } from '@tests/helpers/purchase-flows';
import { failureOf, readPurchase, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

const ctx = usePurchaseApp({ admin: true });

const halfSolListing = () => buyerWithListing(ctx, { seller: ctx.admin, price: '0.5' });
const halfSolPurchase = () => startedPurchase(ctx, { seller: ctx.admin, price: '0.5' });

/** Nothing was released: no reveal, no sale, the key still in the vault, the listing not sold. */
async function expectNothingReleased(transactionId: string, addressId: string) {
  expect(
    await countRows(ctx.t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${transactionId}'`),
  ).toBe(0);
  expect(await countRows(ctx.t, 'sales_analytics', `transaction_id = '${transactionId}'`)).toBe(0);
  expect(await countRows(ctx.t, 'encrypted_keys', `address_id = '${addressId}'`)).toBe(1);
  expect((await listingStatus(ctx.t, addressId))?.status).not.toBe('sold');
}

const MINUTE = 60_000;

describe('payments that do not pay for the purchase are refunded', () => {
  it('a payment one lamport short → 422 AMOUNT_TOO_LOW, and the escrow sends it back minus the fee', async () => {
    const { buyer, listing } = await halfSolListing();
    const before = await balanceOf(ctx.chain, buyer.walletAddress);
    const started = await initiateOk(ctx.t, buyer, listing);
    const escrow = started.payment.recipient;
    const short = BigInt(started.payment.lamports) - 1n;
    const txHash = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: short }));
    const res = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('AMOUNT_TOO_LOW');
    // The browser's nudge gives the same answer; the purchase failed, refunded, and the listing is for sale again.
    const nudged = await verify(ctx.t, buyer, started.transactionId);
    expect(nudged.statusCode).toBe(422);
    expect(nudged.json().error).toBe('AMOUNT_TOO_LOW');
    expect(await failureOf(ctx.t, started.transactionId)).toEqual({
      status: 'failed',
      failure_kind: 'refunded',
      failure_code: 'AMOUNT_TOO_LOW',
      dispute_reason: expect.stringMatching(/^Refunded: the payment was less than the total\./),
    });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
    expect((await reveal(ctx.t, buyer, started.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
    await expectNothingReleased(started.transactionId, listing.id);

    // One verifier pass finishes the refund sent at confirm: the buyer is out of the two network fees only.
    await settle(ctx.t);
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBe(before - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    const view = await readPurchase(ctx.t, started.transactionId, buyer);
    expect(view).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'AMOUNT_TOO_LOW',
      escrow,
      payoutSignature: null,
      refundedLamports: (short - SIGNATURE_FEE).toString(),
    });
    expect(view.refundSignatures).toHaveLength(1);
  });

  it('a payment to another wallet: the escrow receives nothing, nothing is sold, and the reservation lapses', async () => {
    const { buyer, listing, started } = await halfSolPurchase();
    const escrow = started.payment.recipient;
    const elsewhere = (await generateKeyPairSigner()).address;
    const txHash = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, recipient: elsewhere }));
    expect(await balanceOf(ctx.chain, elsewhere)).toBe(BigInt(started.payment.lamports));

    // The signature is only a hint: what counts is what reached the escrow, and nothing did.
    const res = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', txHash, escrow });
    const nudged = await verify(ctx.t, buyer, started.transactionId);
    expect(nudged.statusCode).toBe(409);
    expect(nudged.json().error).toBe('PAYMENT_NOT_READY');
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    expect(await countRows(ctx.t, 'escrow_receipts', `transaction_id = '${started.transactionId}'`)).toBe(0);
    expect((await reveal(ctx.t, buyer, started.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
    await expectNothingReleased(started.transactionId, listing.id);

    // Past the window and the grace a submitted signature gets, the reservation ends unpaid.
    await settle(ctx.t, 21 * MINUTE);
    expect(await failureOf(ctx.t, started.transactionId)).toMatchObject({ status: 'failed', failure_kind: 'expired' });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
    expect(await countRows(ctx.t, 'escrow_transfers', `transaction_id = '${started.transactionId}'`)).toBe(0);
  });

  it('a payment into the escrow from another wallet → 422 PAYER_MISMATCH, refunded to the wallet that paid', async () => {
    const { buyer, listing } = await halfSolListing();
    const friend = await fundedBuyer(ctx);
    const buyerBefore = await balanceOf(ctx.chain, buyer.walletAddress);
    const friendBefore = await balanceOf(ctx.chain, friend.walletAddress);
    const started = await initiateOk(ctx.t, buyer, listing);
    const txHash = await pay(ctx.chain, friend, started.payment);

    const res = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('PAYER_MISMATCH');
    expect(await failureOf(ctx.t, started.transactionId)).toMatchObject({
      status: 'failed',
      failure_kind: 'refunded',
      failure_code: 'PAYER_MISMATCH',
    });
    await expectNothingReleased(started.transactionId, listing.id);

    await settle(ctx.t);
    expect(await balanceOf(ctx.chain, friend.walletAddress)).toBe(friendBefore - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBe(buyerBefore);
    expect(await balanceOf(ctx.chain, started.payment.recipient)).toBe(0n);
  });

  it('the same signature for a second purchase → SIGNATURE_ALREADY_USED', async () => {
    const { buyer, listing } = await halfSolListing();
    const first = await initiateOk(ctx.t, buyer, listing);
    const txHash = await pay(ctx.chain, buyer, first.payment);
    expect((await confirm(ctx.t, buyer, first.transactionId, txHash)).statusCode).toBe(200);

    const second = await initiateOk(
      ctx.t,
      buyer,
      (await createListing(ctx.t, { seller: ctx.admin, price: '0.5' })).listing,
    );
    const reused = await confirm(ctx.t, buyer, second.transactionId, txHash);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('SIGNATURE_ALREADY_USED');
    expect(await statusOf(ctx.t, second.transactionId)).toMatchObject({ status: 'initiated', tx_hash: null });
    expect((await reveal(ctx.t, buyer, second.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
  });

  it("someone else's signature as a hint neither buys the attacker's purchase nor blocks the real buyer", async () => {
    const victim = await halfSolListing();
    const attacker = await halfSolListing();
    const victimOrder = await initiateOk(ctx.t, victim.buyer, victim.listing);
    const attackerOrder = await initiateOk(ctx.t, attacker.buyer, attacker.listing);
    const victimTx = await pay(ctx.chain, victim.buyer, victimOrder.payment);

    // The attacker names the victim's payment: a hint only, and the attacker's own escrow received nothing.
    const stolen = await confirm(ctx.t, attacker.buyer, attackerOrder.transactionId, victimTx);
    expect(stolen.statusCode).toBe(200);
    expect(stolen.json()).toMatchObject({ status: 'pending', escrow: attackerOrder.payment.recipient });
    expect((await verify(ctx.t, attacker.buyer, attackerOrder.transactionId)).json().error).toBe('PAYMENT_NOT_READY');

    const honest = await confirm(ctx.t, victim.buyer, victimOrder.transactionId, victimTx);
    expect(honest.statusCode).toBe(200);
    expect(honest.json().status).toMatch(/verified|completed/);
    expect((await listingStatus(ctx.t, victim.listing.id))?.status).toBe('sold');
    // The signature reads as the purchase it bought, not the one that named it.
    expect((await readPurchase(ctx.t, victimTx)).id).toBe(victimOrder.transactionId);

    expect((await reveal(ctx.t, attacker.buyer, attackerOrder.transactionId)).json().error).toBe(
      'PAYMENT_NOT_VERIFIED',
    );
    expect(await balanceOf(ctx.chain, attackerOrder.payment.recipient)).toBe(0n);
    await expectNothingReleased(attackerOrder.transactionId, attacker.listing.id);
  });
});

describe('only the buyer, and only after verification', () => {
  it('refuses a reveal before verification, by another wallet, and a confirm for someone else', async () => {
    const { buyer, keypair, started } = await halfSolPurchase();

    const early = await reveal(ctx.t, buyer, started.transactionId);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe('PAYMENT_NOT_VERIFIED');

    const stranger = await createUser(ctx.t);
    // A well-formed signature (64 bytes), so the refusal is about whose purchase it is, not the body.
    const foreignConfirm = await confirm(
      ctx.t,
      stranger,
      started.transactionId,
      encodeBase58(new Uint8Array(64).fill(7)),
    );
    expect(foreignConfirm.statusCode).toBe(403);
    expect(foreignConfirm.json().error).toBe('BUYER_MISMATCH');
    const foreignNudge = await verify(ctx.t, stranger, started.transactionId);
    expect(foreignNudge.json().error).toBe('BUYER_MISMATCH');

    const txHash = await pay(ctx.chain, buyer, started.payment);
    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).statusCode).toBe(200);

    // The header proves nothing: a stranger's session naming the buyer is refused by the guard…
    const spoofed = await reveal(ctx.t, stranger, started.transactionId, buyer.walletAddress);
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().error).toBe('WALLET_MISMATCH');
    // …and with its own header by the purchase's buyer check.
    const own = await reveal(ctx.t, stranger, started.transactionId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('BUYER_MISMATCH');
    const anonymous = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/transactions/${started.transactionId}/reveal-private-key`,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const res of [spoofed, own, anonymous, early]) expect(res.body).not.toContain(keypair.forms.base58Secret);

    expect(
      await countRows(
        ctx.t,
        'transaction_audit',
        `action = 'key.reveal' and transaction_id = '${started.transactionId}'`,
      ),
    ).toBe(0);
    expect(await countRows(ctx.t, 'transaction_audit', `action = 'key.reveal_refused'`)).toBeGreaterThanOrEqual(2);
    expect((await reveal(ctx.t, buyer, started.transactionId)).statusCode).toBe(200);
  });
});

describe('a signature that is not 64 bytes', () => {
  it('is refused at confirm (400) and never reaches verification (found by the hostile-input fuzzer)', async () => {
    const { buyer, listing, started } = await halfSolPurchase();
    // 88 base58 characters pass a length check but decode to 65 bytes; the chain library throws on them.
    for (const txHash of ['z'.repeat(88), '1'.repeat(63)]) {
      const res = await confirm(ctx.t, buyer, started.transactionId, txHash);
      expect(res.statusCode, txHash).toBe(400);
    }
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('initiated');
    const nudged = await verify(ctx.t, buyer, started.transactionId);
    expect(nudged.statusCode).toBeLessThan(500);
    await expectNothingReleased(started.transactionId, listing.id);
  });
});
