import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiatePurchase, verifyPurchase } from '@server/modules/purchases';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import {
  confirm,
  createPurchaseApp,
  createTestChain,
  fund,
  listingStatus,
  pay,
  reveal,
  statusOf,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';

/**
 * Verification's "not before initiation" (docs/domain.md#verification) compares slots, not the server's clock with the
 * chain's block time. The server's clock is moved 5 minutes either way (the purchase services take their clock from
 * their deps) while the chain keeps real time; an honest payment must still buy the address.
 */
let chain: TestChain;
let t: PurchaseTestApp;
let admin: SignedInWallet;

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

describe('a server clock off by 5 minutes', () => {
  it.each([
    ['ahead', 5 * 60_000],
    ['behind', -5 * 60_000],
  ])('%s of the chain does not fail an honest payment', async (_name, skewMs) => {
    const skewed = t.deps(skewMs);
    const { listing, keypair } = await createListing(t, { seller: admin, price: '0.4' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const { response: started } = await initiatePurchase(
      skewed,
      { addressId: listing.id, buyerId: buyer.walletAddress, price: 0.4, currency: 'SOL', membershipTier: 'basic' },
      { wallet: buyer.walletAddress },
    );
    const txHash = await pay(chain, buyer, started.payment);
    // The skewed server itself settles the payment it finds in the escrow; the buyer's confirm then agrees.
    expect(await verifyPurchase(skewed, started.transactionId)).toEqual({ kind: 'verified' });
    const confirmed = await confirm(t, buyer, started.transactionId, txHash);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toMatch(/^(verified|completed)$/);
    expect((await statusOf(t, started.transactionId))?.status).toMatch(/^(verified|completed)$/);
    expect((await listingStatus(t, listing.id))?.status).toBe('sold');
    const revealed = await reveal(t, buyer, started.transactionId);
    expect(revealed.json().privateKey).toBe(keypair.forms.base58Secret);
  });

  it('stores the cluster slot at initiate (verify-payment.test.ts refuses a payment from before it)', async () => {
    const { listing } = await createListing(t, { seller: admin, price: '0.4' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const before = await chain.rpc.getSlot({ commitment: 'confirmed' }).send();
    const { response: started } = await initiatePurchase(
      t.deps(),
      { addressId: listing.id, buyerId: buyer.walletAddress, price: 0.4, currency: 'SOL', membershipTier: 'basic' },
      { wallet: buyer.walletAddress },
    );
    const [row] = await t.database.query<{ s: string }>(
      'select initiated_slot::text as s from transactions where id = $1',
      [started.transactionId],
    );
    expect(BigInt(row!.s)).toBeGreaterThanOrEqual(before);
  });
});
