import { describe, expect, it } from 'vitest';
import { initiatePurchase, verifyPurchase } from '@server/modules/purchases';
import { confirm, listingStatus, pay, reveal, statusOf } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { buyerWithListing } from '@tests/helpers/purchase-flows';

/**
 * Verification's "not before initiation" (docs/domain.md#verification) compares slots, not the server's clock with the
 * chain's block time. The server's clock is moved 5 minutes either way (the purchase services take their clock from
 * their deps) while the chain keeps real time; an honest payment must still buy the address.
 */
const ctx = usePurchaseApp({ admin: true });

describe('a server clock off by 5 minutes', () => {
  it.each([
    ['ahead', 5 * 60_000],
    ['behind', -5 * 60_000],
  ])('%s of the chain does not fail an honest payment', async (_name, skewMs) => {
    const skewed = ctx.t.deps(skewMs);
    const { listing, keypair, buyer } = await buyerWithListing(ctx, { seller: ctx.admin, price: '0.4' });
    const { response: started } = await initiatePurchase(
      skewed,
      { addressId: listing.id, buyerId: buyer.walletAddress, price: 0.4, currency: 'SOL', membershipTier: 'basic' },
      { wallet: buyer.walletAddress },
    );
    const txHash = await pay(ctx.chain, buyer, started.payment);
    // The skewed server itself settles the payment it finds in the escrow; the buyer's confirm then agrees.
    expect(await verifyPurchase(skewed, started.transactionId)).toEqual({ kind: 'verified' });
    const confirmed = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toMatch(/^(verified|completed)$/);
    expect((await statusOf(ctx.t, started.transactionId))?.status).toMatch(/^(verified|completed)$/);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('sold');
    const revealed = await reveal(ctx.t, buyer, started.transactionId);
    expect(revealed.json().privateKey).toBe(keypair.forms.base58Secret);
  });

  it('stores the cluster slot at initiate (verify-payment.test.ts refuses a payment from before it)', async () => {
    const { listing, buyer } = await buyerWithListing(ctx, { seller: ctx.admin, price: '0.4' });
    const before = await ctx.chain.rpc.getSlot({ commitment: 'confirmed' }).send();
    const { response: started } = await initiatePurchase(
      ctx.t.deps(),
      { addressId: listing.id, buyerId: buyer.walletAddress, price: 0.4, currency: 'SOL', membershipTier: 'basic' },
      { wallet: buyer.walletAddress },
    );
    const [row] = await ctx.t.database.query<{ s: string }>(
      'select initiated_slot::text as s from transactions where id = $1',
      [started.transactionId],
    );
    expect(BigInt(row!.s)).toBeGreaterThanOrEqual(before);
  });
});
