import { address, createSignerFromKeyPair, createSolanaRpc, devnet } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { parseSolToLamports } from '@shared/money';
import { createGrindPool } from '@server/modules/orders';
import { createGrinder } from '@server/modules/orders/grinder';
import { ordersRepository } from '@server/modules/orders/orders.repository';
import { createUser } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { latestLifetime, sendSigned, signMessage, solTransferMessage, waitUntil } from '@tests/helpers/local-chain';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { balanceOf, countRows, fund, initiate, SOL } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';
import { cancelOrder, getOrder, placeOrder, placeOrderOk, shopWalletEnv, waitForOrder } from '@tests/helpers/orders';

/*
 * "Orders cost something to hold" (docs/domain.md#custom-orders): the wallet's balance must cover the quote when the
 * order is placed and again when the key is found; caps per wallet and per client address; fair turns between
 * wallets; a queued order that waited past its quote is told how far back it is; and the attack of
 * docs/reliability.md#threat-model where 50 wallets with no SOL filled the queue and an honest order got 503
 * GRINDER_BUSY.
 */

const ctx = usePurchaseApp({
  env: {
    ...shopWalletEnv(),
    GRIND_WORKERS: '1',
    ORDER_LEASE_SECONDS: '3',
    // 'zzzz' (≈1 in 195 million, the attack's pattern) must be orderable; the queue keeps its default of 50.
    ORDER_MAX_EXPECTED_ATTEMPTS: '300000000',
    ORDER_MAX_PER_IP: '3',
  },
});

const active = () => countRows(ctx.t, 'custom_orders', `status in ('queued', 'grinding')`);
const cancelAll = async (...who: SignedInWallet[]) => {
  for (const w of who) {
    const mine = await ctx.t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: { cookie: w.cookie } });
    for (const o of mine.json().orders) await cancelOrder(ctx.t, w, o.id);
  }
};

/** Sends all but `keep` lamports (less the fee) of the wallet's SOL elsewhere, signed with its own key. */
async function drain(who: SignedInWallet, keep: bigint) {
  const rpc = createSolanaRpc(devnet(ctx.chain.url));
  const signer = await createSignerFromKeyPair(who.keys);
  const amount = (await balanceOf(ctx.chain, who.walletAddress)) - keep;
  const message = solTransferMessage(signer, address(newKeypair().address), amount, await latestLifetime(rpc));
  await sendSigned(rpc, await signMessage(message));
  await waitUntil(async () => (await balanceOf(ctx.chain, who.walletAddress)) < keep);
}

describe('the balance covers the quote when the order is placed', () => {
  it('refuses a wallet that cannot pay, and counts what its other orders already owe', async () => {
    const before = await countRows(ctx.t, 'custom_orders');
    const empty = await createUser(ctx.t);
    const refused = await placeOrder(ctx.t, empty, { pattern: 'Ab', position: 'prefix' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('INSUFFICIENT_FUNDS');
    expect(refused.json().message).toMatch(/holds 0 SOL; this order is quoted at 0\.001 SOL/);

    // Exactly one order's price: the first is placed, the second would need twice that.
    const oneOrder = await fundedBuyer(ctx, 1_000_000n);
    const first = await placeOrderOk(ctx.t, oneOrder, { pattern: 'Ab', position: 'prefix' });
    expect(first.price).toBe('0.001');
    const second = await placeOrder(ctx.t, oneOrder, { pattern: 'Cd', position: 'prefix' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('INSUFFICIENT_FUNDS');
    expect(second.json().message).toMatch(/on top of 0\.001 SOL for your other orders/);
    expect(await countRows(ctx.t, 'custom_orders')).toBe(before + 1);
    await cancelAll(oneOrder);
  });
});

describe('caps and fair turns', () => {
  it('caps a wallet at two active orders and a client address at ORDER_MAX_PER_IP, changing nothing', async () => {
    const [a, b, c] = [await createUser(ctx.t), await createUser(ctx.t), await createUser(ctx.t)];
    for (const w of [a, b, c]) await fund(ctx.chain, w.walletAddress);
    await placeOrderOk(ctx.t, a, { pattern: 'Ab', position: 'prefix' }, '10.0.0.1');
    await placeOrderOk(ctx.t, a, { pattern: 'Cd', position: 'prefix' }, '10.0.0.1');
    const third = await placeOrder(ctx.t, a, { pattern: 'Ef', position: 'prefix' }, '10.0.0.1');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: 'ORDER_ALREADY_ACTIVE' });
    expect(third.json().message).toMatch(/at most 2 at once/);

    // Two wallets behind one address: 3 active orders from it at most, whoever places them.
    await placeOrderOk(ctx.t, b, { pattern: 'Ab', position: 'prefix' }, '10.0.0.2');
    await placeOrderOk(ctx.t, b, { pattern: 'Cd', position: 'prefix' }, '10.0.0.2');
    await placeOrderOk(ctx.t, c, { pattern: 'Ef', position: 'prefix' }, '10.0.0.2');
    const fromSameIp = await placeOrder(ctx.t, c, { pattern: 'Gh', position: 'prefix' }, '10.0.0.2');
    expect(fromSameIp.statusCode).toBe(429);
    expect(fromSameIp.json()).toMatchObject({ error: 'TOO_MANY_ORDERS' });
    expect(await active()).toBe(5);
    await cancelAll(a, b, c);
    expect(await active()).toBe(0);
  });

  it("a wallet's second order waits behind everybody's first, in the claim and in the queue position", async () => {
    const [a, b] = [await createUser(ctx.t), await createUser(ctx.t)];
    for (const w of [a, b]) await fund(ctx.chain, w.walletAddress);
    const a1 = await placeOrderOk(ctx.t, a, { pattern: 'Ab', position: 'prefix' }, '10.0.1.1');
    const a2 = await placeOrderOk(ctx.t, a, { pattern: 'Cd', position: 'prefix' }, '10.0.1.1');
    const b1 = await placeOrderOk(ctx.t, b, { pattern: 'Ef', position: 'prefix' }, '10.0.1.2');
    // Placed second, but b's first order goes before it.
    expect([a1.queuePosition, a2.queuePosition, b1.queuePosition]).toEqual([0, 1, 1]);
    expect((await getOrder(ctx.t, a, a2.id)).json().queuePosition).toBe(2);

    const now = new Date();
    const claims = [];
    for (let i = 0; i < 3; i++) claims.push((await ordersRepository.claim(ctx.t.database.db, 'fair', now, 60_000))?.id);
    expect(claims).toEqual([a1.id, b1.id, a2.id]);
    await cancelAll(a, b);
  });

  it('a queued order that waited past its quoted time is told how far back it is', async () => {
    const [a, b, c] = [await createUser(ctx.t), await createUser(ctx.t), await createUser(ctx.t)];
    for (const w of [a, b, c]) await fund(ctx.chain, w.walletAddress);
    await placeOrderOk(ctx.t, a, { pattern: 'Ab', position: 'prefix' }, '10.0.2.1');
    await placeOrderOk(ctx.t, b, { pattern: 'Cd', position: 'prefix' }, '10.0.2.2');
    const late = await placeOrderOk(ctx.t, c, { pattern: 'Ef', position: 'prefix' }, '10.0.2.3');
    // Within its quote (none yet: the grinder has not measured a rate, so the default half hour applies).
    expect(late).toMatchObject({ status: 'queued', queuePosition: 2, waitedPastEta: false });
    // Its quote said a millisecond, and it has waited longer than that.
    await ctx.t.database.query('update custom_orders set quoted_seconds = 0.001 where id = $1', [late.id]);
    expect((await getOrder(ctx.t, c, late.id)).json()).toMatchObject({
      status: 'queued',
      queuePosition: 2,
      waitedPastEta: true,
    });
    await cancelAll(a, b, c);
  });
});

describe('wallets with no SOL cannot fill the queue', () => {
  it(
    '50 hostile wallets are refused, and an honest order starts at once (not 503 GRINDER_BUSY)',
    { timeout: 120_000 },
    async () => {
      const hostile = await Promise.all(Array.from({ length: 50 }, () => createUser(ctx.t)));
      // Each from its own address, as the attack spread them (the per-IP rate limit is not what stops them).
      const answers = await Promise.all(
        hostile.map((w, i) => placeOrder(ctx.t, w, { pattern: 'zzzz', position: 'prefix' }, `10.1.0.${i + 1}`)),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe('INSUFFICIENT_FUNDS');
      }
      expect(await active()).toBe(0);

      const honest = await fundedBuyer(ctx);
      const placed = await placeOrderOk(ctx.t, honest, { pattern: 'zzzz', position: 'prefix' }, '10.1.1.1');
      expect(placed.queuePosition).toBe(0);
      await ctx.t.app.orders.start();
      // Started within one poll of the grinder, far inside one order's grind time.
      await waitForOrder(ctx.t, honest, placed.id, (o) => o.status === 'grinding', 15_000);
      expect((await cancelOrder(ctx.t, honest, placed.id)).json().status).toBe('cancelled');
    },
  );
});

describe('the balance is checked again when the order starts and when its key is found', () => {
  it('an order whose wallet moved its SOL away after placing is dropped at its turn, and the next one runs', async () => {
    const mover = await createUser(ctx.t);
    const honest = await createUser(ctx.t);
    await fund(ctx.chain, mover.walletAddress, SOL);
    await fund(ctx.chain, honest.walletAddress);
    await ctx.t.app.orders.stop(); // both placed before the grinder looks
    const moved = await placeOrderOk(ctx.t, mover, { pattern: 'zzzz', position: 'prefix' }, '10.2.0.1');
    const next = await placeOrderOk(ctx.t, honest, { pattern: 'Ab', position: 'prefix' }, '10.2.0.2');
    expect(next.queuePosition).toBe(1);
    const left = SOL / 20n;
    // What the quote is follows the rarity model; what matters is that the wallet keeps less than it.
    expect(parseSolToLamports(moved.price)).toBeGreaterThan(left);
    await drain(mover, left); // the SOL goes on to the next wallet, which could place an order with it
    await ctx.t.app.orders.start();

    const dropped = await waitForOrder(ctx.t, mover, moved.id, (o) => o.status === 'cancelled');
    expect(dropped.attempts).toBe(0);
    expect(dropped.closedReason).toMatch(
      /when the order's turn came, less than the order's .* SOL, so it was cancelled/,
    );
    expect((await waitForOrder(ctx.t, honest, next.id, (o) => o.status === 'found')).address).toMatch(/^Ab/);
  });

  it('a wallet that no longer covers the price when the key is found gets no reservation: the key goes on open sale', async () => {
    const requester = await createUser(ctx.t);
    const stranger = await fundedBuyer(ctx);
    await fund(ctx.chain, requester.walletAddress);
    await ctx.t.app.orders.stop();
    const placed = await placeOrderOk(ctx.t, requester, { pattern: 'Ab', position: 'prefix' }, '10.2.1.1');
    // A grinder whose chain reads show the wallet draining between the start (covered) and the find (empty): the
    // window is milliseconds for 'Ab', so the balance is scripted rather than raced.
    const reads: string[] = [];
    const pool = await createGrindPool(1);
    const grinder = createGrinder({
      db: ctx.t.database.db,
      cipher: ctx.t.app.vault.cipher,
      env: ctx.t.env,
      pool,
      log: ctx.t.app.log,
      leaseMs: 3_000,
      pollMs: 100,
      deliver: () => Promise.reject(new Error('a wallet-lane order is never delivered')),
      balanceOf: async (wallet) => {
        reads.push(wallet);
        return reads.length === 1 ? SOL : 999_000n;
      },
    });
    grinder.start();
    try {
      const closed = await waitForOrder(
        ctx.t,
        requester,
        placed.id,
        (o) => o.status !== 'queued' && o.status !== 'grinding',
      );
      expect(reads).toEqual([requester.walletAddress, requester.walletAddress]);
      expect(closed.status).toBe('expired');
      expect(closed.address).toMatch(/^Ab/);
      expect(closed.closedReason).toMatch(
        /held 0\.000999 SOL when the address was found, less than the order's 0\.001 SOL, so it was not reserved/,
      );
      // Listed by the shop, on open sale at the quoted price: anyone may buy it now.
      const started = await initiate(ctx.t, stranger, { id: closed.addressId!, price: placed.price });
      expect(started.statusCode, started.body).toBe(201);
    } finally {
      await grinder.stop();
      await pool.close();
    }
  });
});
