import { getBase58Encoder, type Signature } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { addressOfSecretKey } from '@server/modules/key-crypto';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import {
  balanceOf,
  confirm,
  countRows,
  createPurchaseApp,
  destroy,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  SOL,
  verify,
} from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { buyerWithListing, startedPurchase } from '@tests/helpers/purchase-flows';
import { ledgerOf, readPurchase, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

const ctx = usePurchaseApp();

describe('buying end to end on the local validator', () => {
  it('reserves, pays on chain, verifies, reveals the real key, destroys it', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing, keypair, buyer } = await buyerWithListing(ctx, { seller: admin, price: '1.5' });
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const buyerBefore = await balanceOf(ctx.chain, buyer.walletAddress);

    const started = await initiateOk(ctx.t, buyer, listing);
    // The buyer pays the purchase's own escrow, which is also the reference: the total is the price and the payout's
    // network fee (no TREASURY_WALLET: no commission).
    const escrow = started.payment.recipient;
    expect(started.payment).toEqual({ recipient: escrow, lamports: '1500005000', reference: escrow });
    expect([admin.walletAddress, buyer.walletAddress]).not.toContain(escrow);
    expect(
      await countRows(ctx.t, 'escrow_keys', `address = '${escrow}' and transaction_id = '${started.transactionId}'`),
    ).toBe(1);
    expect(started.feeCalculation).toEqual({
      price: '1.5',
      commissionFee: '0',
      networkFee: '0.000005',
      totalAmount: '1.500005',
    });
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');

    const txHash = await pay(ctx.chain, buyer, started.payment);
    const confirmed = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: started.transactionId, txHash, blockchainTxHash: txHash, escrow });
    expect(confirmed.json().status).toMatch(/verified|completed/);

    // The browser's nudge answers from the server's own verification.
    const nudged = await verify(ctx.t, buyer, started.transactionId);
    expect(nudged.statusCode).toBe(200);
    expect(nudged.json().status).toMatch(/verified|completed/);

    // Sold: off the market, and the sale fed analytics, price history and the chain audit once.
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    const search = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/addresses/search?excludeSold=true&pageSize=100',
    });
    expect(search.json().addresses.map((a: { id: string }) => a.id)).not.toContain(listing.id);
    expect(await countRows(ctx.t, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(1);
    expect(
      await countRows(ctx.t, 'price_history', `transaction_id = '${started.transactionId}' and change_type = 'sale'`),
    ).toBe(1);
    const [audit] = await ctx.t.database.query<Record<string, unknown>>(
      'select tx_hash, from_address, to_address, value, status from blockchain_transaction_audit where transaction_id = $1',
      [started.transactionId],
    );
    expect(audit).toMatchObject({
      tx_hash: txHash,
      from_address: buyer.walletAddress,
      to_address: escrow,
      status: 'verified',
    });
    expect(Number(audit!.value)).toBe(1.500005); // what reached the escrow: the total

    const revealed = await reveal(ctx.t, buyer, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    const { success, privateKey } = revealed.json();
    expect(success).toBe(true);
    const secret = new Uint8Array(getBase58Encoder().encode(privateKey));
    expect(secret).toHaveLength(64);
    expect(addressOfSecretKey(secret)).toBe(keypair.address);
    expect(
      await countRows(
        ctx.t,
        'transaction_audit',
        `action = 'key.reveal' and transaction_id = '${started.transactionId}'`,
      ),
    ).toBe(1);

    const destroyed = await destroy(ctx.t, buyer, started.transactionId);
    expect(destroyed.statusCode).toBe(200);
    expect(await countRows(ctx.t, 'encrypted_keys', `address_id = '${listing.id}'`)).toBe(0);
    const again = await reveal(ctx.t, buyer, started.transactionId);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'KEY_DESTROYED', message: 'The private key was destroyed' });
    expect(again.body).not.toContain(keypair.forms.base58Secret);

    // Finalized two slots later: the job marks the purchase completed, and finishes the payout sent at confirm.
    await expect
      .poll(
        async () =>
          (await ctx.chain.rpc.getSignatureStatuses([txHash as Signature]).send()).value[0]?.confirmationStatus,
      )
      .toBe('finalized');
    await settle(ctx.t);
    // The seller got exactly the price out of the escrow, which is empty now; the buyer paid the total and the fee of
    // its own transaction.
    expect((await balanceOf(ctx.chain, admin.walletAddress)) - sellerBefore).toBe((15n * SOL) / 10n);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    expect(buyerBefore - (await balanceOf(ctx.chain, buyer.walletAddress))).toBe(1_500_005_000n + SIGNATURE_FEE);
    expect(await ledgerOf(ctx.t, started.transactionId)).toEqual({
      receipt: ['1500005000'],
      payout: ['1500000000'],
      'network-fee': ['5000'],
    });
    const detail = await ctx.t.app.inject({ method: 'GET', url: `/api/transactions/${txHash}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: started.transactionId,
      status: 'completed',
      price: '1.5',
      currency: 'SOL',
      network: 'solana',
      address: { address: keypair.address },
      buyer: { walletAddress: buyer.walletAddress },
      seller: { walletAddress: admin.walletAddress },
      privateKeyDestroyed: true,
      escrow,
      payoutSignature: expect.any(String),
      refundSignatures: [],
      refundedLamports: '0',
    });
    expect(detail.json().payment).toBeUndefined();
    expect(detail.json().completedAt).toEqual(expect.any(String));
    expect(detail.body).not.toContain(keypair.forms.base58Secret);

    const recent = await ctx.t.app.inject({ method: 'GET', url: '/api/transactions/recent' });
    expect(recent.json().map((r: { id: string }) => r.id)).toContain(started.transactionId);
    const purchases = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/transactions/purchases?walletAddress=${buyer.walletAddress}`,
      headers: { cookie: buyer.cookie },
    });
    expect(purchases.json()).toEqual([expect.objectContaining({ id: started.transactionId, status: 'completed' })]);
    const sales = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/transactions/user',
      headers: { cookie: admin.cookie },
    });
    expect(sales.json().map((r: { id: string }) => r.id)).toContain(started.transactionId);
  });
});

describe('initiate', () => {
  it('refuses other currencies, own listings, unavailable listings and a wrong price', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '2' });
    const buyer = await createUser(ctx.t);

    const eth = await initiate(ctx.t, buyer, listing, { currency: 'ETH' });
    expect(eth.statusCode).toBe(400);
    expect(eth.json()).toEqual({ error: 'UNSUPPORTED_CURRENCY', message: 'Only Solana payments are supported' });

    const own = await initiate(ctx.t, admin, listing);
    expect(own.json().error).toBe('OWN_LISTING');

    const wrongPrice = await initiate(ctx.t, buyer, listing, { price: 1.99 });
    expect(wrongPrice.statusCode).toBe(409);
    expect(wrongPrice.json().error).toBe('PRICE_MISMATCH');

    const asOther = await initiate(ctx.t, buyer, listing, { buyerId: admin.walletAddress });
    expect(asOther.statusCode).toBe(403);

    const eliteClaim = await initiate(ctx.t, buyer, listing, { membershipTier: 'elite' });
    expect(eliteClaim.json().error).toBe('MEMBERSHIP_TIER_MISMATCH');

    const unlisted = (await createListing(ctx.t, { seller: admin, isListed: false })).listing;
    const refused = await initiate(ctx.t, buyer, unlisted);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'LISTING_NOT_AVAILABLE', message: 'This address is no longer available' });

    expect(await countRows(ctx.t, 'transactions', `address_id in ('${listing.id}', '${unlisted.id}')`)).toBe(0);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('available');

    const anonymous = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/transactions/initiate',
      payload: { addressId: listing.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows payment instructions to the buyer only', async () => {
    const { buyer, started } = await startedPurchase(ctx);
    const asBuyer = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/transactions/${started.transactionId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(asBuyer.json().payment).toEqual(started.payment);
    const asPublic = await ctx.t.app.inject({ method: 'GET', url: `/api/transactions/${started.transactionId}` });
    expect(asPublic.json().payment).toBeUndefined();
    expect(asPublic.json()).toMatchObject({ status: 'initiated', formattedUsd: expect.stringMatching(/^\$/) });
    const missing = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/transactions/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('TRANSACTION_NOT_FOUND');
    // The pages' own read: the same view (payment for the buyer only), and 200 with null for an unknown id.
    const lookup = (id: string, cookie?: string) =>
      ctx.t.app.inject({ method: 'GET', url: `/api/transactions/lookup/${id}`, headers: cookie ? { cookie } : {} });
    expect((await lookup(started.transactionId, buyer.cookie)).json()).toEqual(asBuyer.json());
    expect((await lookup(started.transactionId)).json().payment).toBeUndefined();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const none = await lookup(id);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
    }
  });

  it('pays the seller the price and the treasury the commission out of the escrow, and returns an overpayment', async () => {
    const treasuryApp = await createPurchaseApp({
      chain: ctx.chain,
      env: { TREASURY_WALLET: (await createUser(ctx.t)).walletAddress },
    });
    try {
      const admin = await createAdmin(treasuryApp);
      const { listing } = await createListing(treasuryApp, { seller: admin, price: '2' });
      const buyer = await createUser(treasuryApp);
      await fund(ctx.chain, buyer.walletAddress);
      const treasury = treasuryApp.env.treasuryWallet!;
      const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
      const buyerBefore = await balanceOf(ctx.chain, buyer.walletAddress);
      const started = await initiateOk(treasuryApp, buyer, listing);
      const escrow = started.payment.recipient;
      // One transfer of the total to the escrow: the commission is part of it, not a transfer of its own.
      expect(started.payment).toEqual({ recipient: escrow, lamports: '2050005000', reference: escrow });
      expect(started.feeCalculation).toEqual({
        price: '2',
        commissionFee: '0.05',
        networkFee: '0.000005',
        totalAmount: '2.050005',
      });

      // The buyer pays 0.1 SOL more than the total: the payout sends it back with the seller's and treasury's shares.
      const paid = await pay(ctx.chain, buyer, started.payment, (p) => ({ ...p, lamports: p.lamports + SOL / 10n }));
      const confirmed = await confirm(treasuryApp, buyer, started.transactionId, paid);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().status).toMatch(/verified|completed/);
      await settle(treasuryApp);

      expect((await balanceOf(ctx.chain, admin.walletAddress)) - sellerBefore).toBe(2n * SOL);
      expect(await balanceOf(ctx.chain, treasury)).toBe(50_000_000n);
      expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
      expect(buyerBefore - (await balanceOf(ctx.chain, buyer.walletAddress))).toBe(2_050_005_000n + SIGNATURE_FEE);
      const view = await readPurchase(treasuryApp, started.transactionId);
      expect(view).toMatchObject({ escrow, payoutSignature: expect.any(String), refundedLamports: '100000000' });
      expect(view.refundSignatures).toEqual([view.payoutSignature]);
      expect(await ledgerOf(treasuryApp, started.transactionId)).toEqual({
        receipt: ['2150005000'],
        payout: ['2000000000'],
        commission: ['50000000'],
        refund: ['100000000'],
        'network-fee': ['5000'],
      });
    } finally {
      await treasuryApp.close();
    }
  });
});
