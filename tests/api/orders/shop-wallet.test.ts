import { describe, expect, it } from 'vitest';
import { demoRepository } from '@server/modules/demo/demo.repository';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { countRows, createPurchaseApp, fund } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';
import { placeOrder, placeOrderOk, waitForOrder } from '@tests/helpers/orders';

/*
 * From docs/reliability.md#threat-model's third hardening round: in local mode with no SHOP_WALLET and no demo data, a
 * second admin listed an address tagged 'demo' (one starting with "Demo") and became the seller and payee of every key
 * the shop ground, because the seller was guessed from listings. Now the seller is SHOP_WALLET, or in local mode the
 * demo admin that seeding marked; without either, orders are refused with a 503 telling the operator to set
 * SHOP_WALLET.
 */

// Local mode (the test default), no SHOP_WALLET, no demo data.
const ctx = usePurchaseApp({ env: { GRIND_WORKERS: '1', ORDER_LEASE_SECONDS: '3' } });

/** The attack's end state: another admin's listing carries the 'demo' search tag, as an address starting "Demo" does. */
async function listAsDemo() {
  const attacker = await createAdmin(ctx.t);
  const { listing } = await createListing(ctx.t, { seller: attacker });
  await ctx.t.database.query(`update addresses set search_tags = array_append(search_tags, 'demo') where id = $1`, [
    listing.id,
  ]);
  return attacker;
}

const sellerOf = async (addressId: string) => {
  const [row] = await ctx.t.database.query<{ wallet_address: string }>(
    'select u.wallet_address from addresses a join users u on u.id = a.seller_id where a.id = $1',
    [addressId],
  );
  return row?.wallet_address;
};

describe('the shop wallet is never guessed', () => {
  it('without SHOP_WALLET or demo data, orders are refused and no admin becomes the seller', async () => {
    await listAsDemo();
    const requester = await fundedBuyer(ctx);
    const res = await placeOrder(ctx.t, requester, { pattern: 'Ab', position: 'prefix' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('ORDERS_UNAVAILABLE');
    expect(res.json().message).toMatch(/until the operator sets SHOP_WALLET to an admin wallet/);
    expect(await countRows(ctx.t, 'custom_orders')).toBe(0);
  });

  it('with demo data, the demo admin that seeding marked sells the ground key, not an older "demo" listing', async () => {
    const attacker = await listAsDemo();
    const demoAdmin = await demoRepository.createUser(ctx.t.database.db, true);
    const requester = await fundedBuyer(ctx);
    const placed = await placeOrderOk(ctx.t, requester, { pattern: 'Ab', position: 'prefix' });
    await ctx.t.app.orders.start();
    const found = await waitForOrder(ctx.t, requester, placed.id, (o) => o.status === 'found');
    expect(await sellerOf(found.addressId!)).toBe(demoAdmin.walletAddress);
    expect(await sellerOf(found.addressId!)).not.toBe(attacker.walletAddress);
  });
});

describe('SHOP_WALLET', () => {
  it('must be an admin: otherwise orders are refused with a message naming the fix', async () => {
    const shop = newKeypair().address; // set, but never made admin
    const other = await createPurchaseApp({ chain: ctx.chain, env: { SHOP_WALLET: shop, GRIND_WORKERS: '0' } });
    try {
      const requester = await createUser(other);
      await fund(ctx.chain, requester.walletAddress);
      const res = await placeOrder(other, requester, { pattern: 'Ab', position: 'prefix' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'ORDERS_UNAVAILABLE' });
      expect(res.json().message).toMatch(/SHOP_WALLET is not an admin wallet \(add it to ADMIN_WALLETS\)/);
    } finally {
      await other.close();
    }
  });
});
