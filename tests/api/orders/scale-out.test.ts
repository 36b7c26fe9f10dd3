import { describe, expect, it } from 'vitest';
import type { Order } from '@shared/api/orders';
import { ordersRepository } from '@server/modules/orders/orders.repository';
import { createUser } from '@tests/helpers/factories';
import { countRows, fund } from '@tests/helpers/purchases';
import { useTwoInstances } from '@tests/helpers/purchase-suite';
import { placeOrderOk, shopWalletEnv, waitForOrder } from '@tests/helpers/orders';

/**
 * Two instances share one order queue (docs/domain.md#scale, docs/domain.md#custom-orders): each claims with `FOR
 * UPDATE SKIP LOCKED`, so two claims at once take different orders, and every order is ground and listed exactly once.
 * On PostgreSQL each instance has its own connection pool, as two processes would; on PGlite they share the handle.
 */

// Both instances list found keys by the same shop wallet.
const env = { ...shopWalletEnv(), GRIND_WORKERS: '1', ORDER_LEASE_SECONDS: '3' };
const ctx = useTwoInstances({ env });

describe('custom orders on two instances', () => {
  it('two claims at once take two different orders, never the same one', async () => {
    const [u1, u2] = [await createUser(ctx.a), await createUser(ctx.a)];
    for (const u of [u1, u2]) await fund(ctx.chain, u.walletAddress);
    const o1 = await placeOrderOk(ctx.a, u1, { pattern: 'Cd', position: 'prefix' });
    const o2 = await placeOrderOk(ctx.b, u2, { pattern: 'Ef', position: 'prefix' });
    const now = new Date();
    const [fromA, fromB] = await Promise.all([
      ordersRepository.claim(ctx.a.database.db, 'instance-a', now, 3_000),
      ordersRepository.claim(ctx.b.database.db, 'instance-b', now, 3_000),
    ]);
    expect(new Set([fromA?.id, fromB?.id])).toEqual(new Set([o1.id, o2.id]));
    // Both held: a third claim finds nothing until a lease runs out.
    expect(await ordersRepository.claim(ctx.a.database.db, 'instance-c', now, 3_000)).toBeUndefined();
    for (const [o, u] of [
      [o1, u1],
      [o2, u2],
    ] as const) {
      expect(
        (
          await ctx.a.app.inject({
            method: 'POST',
            url: `/api/orders/${o.id}/cancel`,
            headers: { cookie: u.cookie, 'content-type': 'application/json' },
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it('both grinders work one queue: every order is found and listed exactly once', { timeout: 150_000 }, async () => {
    // First characters in '2'…'H': about 1 key in 1,000 each, so the test stays cheap.
    const patterns = ['Ab', 'Cd', 'Ef', 'Gh', 'Bc', 'De'];
    const placed: { order: Order; who: Awaited<ReturnType<typeof createUser>> }[] = [];
    for (const [i, pattern] of patterns.entries()) {
      const who = await createUser(i % 2 ? ctx.a : ctx.b);
      await fund(ctx.chain, who.walletAddress);
      // Each from its own client address: six orders from one would pass the per-IP cap.
      const order = await placeOrderOk(i % 2 ? ctx.a : ctx.b, who, { pattern, position: 'prefix' }, `10.0.3.${i + 1}`);
      placed.push({ order, who });
    }
    await Promise.all([ctx.a.app.orders.start(), ctx.b.app.orders.start()]);
    const found = await Promise.all(
      placed.map(({ order, who }) => waitForOrder(ctx.a, who, order.id, (o) => o.status === 'found', 120_000)),
    );
    found.forEach((o, i) => expect(o.address!.startsWith(patterns[i]!)).toBe(true));
    expect(new Set(found.map((o) => o.addressId)).size).toBe(patterns.length);
    const ids = placed.map((p) => `'${p.order.id}'`).join(',');
    expect(
      await countRows(ctx.a, 'transaction_audit', `action = 'order.found' and metadata->>'orderId' in (${ids})`),
    ).toBe(patterns.length);
    expect(await countRows(ctx.a, 'addresses', `'custom-order' = any(search_tags)`)).toBe(patterns.length);
    expect(await countRows(ctx.a, 'encrypted_keys')).toBe(patterns.length);
  });
});
