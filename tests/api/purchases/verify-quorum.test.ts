import { describe, expect, it } from 'vitest';
import { verifyPurchase } from '@server/modules/purchases/verify.service';
import { createLyingRpc, type LyingRpc } from '@tests/helpers/lying-rpc';
import {
  balanceOf,
  confirm,
  countRows,
  listingStatus,
  pay,
  reveal,
  statusOf,
  verify,
  SOL,
} from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { expectUndecided, startedPurchase } from '@tests/helpers/purchase-flows';
import { ledgerOf, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

/**
 * VERIFY_QUORUM (docs/decisions/0009-verify-quorum.md): the server's SOLANA_RPC_URLS are a malicious endpoint, first in
 * fallback order, and an honest one (the local validator itself). The malicious one reports every payment as paid in
 * full. With VERIFY_QUORUM=2 a payment is verified only when both agree.
 */

let liar: LyingRpc;

const ctx = usePurchaseApp({
  admin: true,
  env: { VERIFY_QUORUM: '2' },
  async serverRpc(served) {
    liar = await createLyingRpc(served.url);
    return { urls: [liar.url, served.url], close: () => liar.close() };
  },
});

const startPurchase = () => startedPurchase(ctx, { seller: ctx.admin, price: '0.3' });

describe('VERIFY_QUORUM=2 with one lying RPC endpoint', () => {
  it('a forged confirmation from one endpoint does not verify a purchase that was underpaid', async () => {
    const purchase = await startPurchase();
    const { buyer, started } = purchase;
    // The buyer pays a thirtieth of the price; the lying endpoint says the full price arrived.
    const txHash = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: SOL / 100n }));
    liar.forge({ recipient: started.payment.recipient, lamports: BigInt(started.payment.lamports) });
    const liesBefore = liar.lies;

    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).json()).toMatchObject({ status: 'pending' });
    const verified = await verify(ctx.t, buyer, started.transactionId);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error).toBe('PAYMENT_NOT_READY');
    expect(liar.lies).toBeGreaterThan(liesBefore); // the lie was told, and outvoted

    await expectUndecided(ctx.t, purchase, txHash);
    // Nothing left the escrow, and no amount the endpoints disagree on was recorded for it.
    expect(await balanceOf(ctx.chain, started.payment.recipient)).toBe(SOL / 100n);
    expect(await countRows(ctx.t, 'escrow_receipts', `transaction_id = '${started.transactionId}'`)).toBe(0);

    // The same forged answer is all a server trusting one endpoint would see: it would sell the key for 0.01 SOL.
    expect(await verifyPurchase({ ...ctx.t.deps(), verifyQuorum: 1 }, started.transactionId)).toEqual({
      kind: 'verified',
    });
    liar.forge(null);
  });

  it('an underpaid payment the lying endpoint called full is refunded what really arrived, once both agree', async () => {
    const { listing, buyer, started } = await startPurchase();
    const escrow = started.payment.recipient;
    const buyerBefore = await balanceOf(ctx.chain, buyer.walletAddress);
    const sellerBefore = await balanceOf(ctx.chain, ctx.admin.walletAddress);
    const paid = SOL / 100n;
    const txHash = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: paid }));
    liar.forge({ recipient: escrow, lamports: BigInt(started.payment.lamports) });
    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).json()).toMatchObject({ status: 'pending' });
    expect(await balanceOf(ctx.chain, escrow)).toBe(paid);

    // The lie stops: both endpoints now agree the payment was short, and it goes back.
    liar.forge(null);
    const asked = await verify(ctx.t, buyer, started.transactionId);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error).toBe('AMOUNT_TOO_LOW');
    await settle(ctx.t);
    expect(await balanceOf(ctx.chain, buyer.walletAddress)).toBe(buyerBefore - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    expect(await balanceOf(ctx.chain, ctx.admin.walletAddress)).toBe(sellerBefore);
    expect(await ledgerOf(ctx.t, started.transactionId)).toEqual({
      receipt: [paid.toString()],
      refund: [(paid - SIGNATURE_FEE).toString()],
      'network-fee': [SIGNATURE_FEE.toString()],
    });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');
  });

  it('two honest endpoints verify a payment in full, and the key unlocks', async () => {
    liar.forge(null); // the first endpoint now forwards faithfully
    const { listing, keypair, buyer, started } = await startPurchase();
    const txHash = await pay(ctx.chain, buyer, started.payment);
    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).statusCode).toBe(200);
    await verify(ctx.t, buyer, started.transactionId);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toMatch(/^(verified|completed)$/);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    const revealed = await reveal(ctx.t, buyer, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().privateKey).toBe(keypair.forms.base58Secret);
  });
});
