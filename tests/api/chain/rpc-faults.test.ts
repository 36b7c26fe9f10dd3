import { beforeAll, describe, expect, it } from 'vitest';
import { RPC_UNAVAILABLE_MESSAGE } from '@chain/errors';
import { createAdmin, listingTableCounts } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { createSwitchableRpc, type SwitchableRpc } from '@tests/helpers/switchable-rpc';
import { confirm, countRows, listingStatus, pay, reveal, sleep, statusOf, verify } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { expectUndecided, startedPurchase } from '@tests/helpers/purchase-flows';

/**
 * Every configured Solana RPC endpoint down, then back (docs/reliability.md#faults-while-serving). The server's
 * SOLANA_RPC_URLS are two endpoints in front of the local validator: one answers 503 like an overloaded public RPC, the
 * other refuses connections like a dead host. The buyer's own wallet reaches the chain directly, as a wallet uses its
 * own RPC. The background verifier runs for real: the app listens, so its job runner ticks every 2 s.
 */

let primary: SwitchableRpc;
let backup: SwitchableRpc;

const ctx = usePurchaseApp({
  async serverRpc(served) {
    primary = await createSwitchableRpc(served.url);
    backup = await createSwitchableRpc(served.url);
    return {
      urls: [primary.url, backup.url],
      async close() {
        await primary.close();
        await backup.close();
      },
    };
  },
});
beforeAll(async () => {
  await ctx.t.app.listen({ port: 0, host: '127.0.0.1' }); // starts the background jobs
});

async function allEndpoints(mode: 'up' | 'down'): Promise<void> {
  await primary.set(mode === 'up' ? 'up' : 'http-503');
  await backup.set(mode === 'up' ? 'up' : 'refuse');
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

describe('every Solana RPC endpoint down, then back', () => {
  it("verify answers the spec's RPC error, the purchase stays pending, and the background verifier completes it once the endpoints return", async () => {
    const admin = await createAdmin(ctx.t);
    const purchase = await startedPurchase(ctx, { seller: admin, price: '0.3' });
    const { listing, keypair, buyer, started } = purchase;
    const txHash = await pay(ctx.chain, buyer, started.payment);

    await allEndpoints('down');

    // confirm stores the signature (nothing is lost) and answers pending: it only tries to verify at once.
    const confirmed = await confirm(ctx.t, buyer, started.transactionId, txHash);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'pending', txHash });

    const verified = await verify(ctx.t, buyer, started.transactionId);
    expect(verified.statusCode).toBe(503);
    expect(verified.json()).toEqual({ error: 'RPC_UNAVAILABLE', message: RPC_UNAVAILABLE_MESSAGE });
    expect(RPC_UNAVAILABLE_MESSAGE).toBe('All Solana RPC endpoints failed. Please try again later.');

    const health = await ctx.t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200); // the shop still browses without the chain
    expect(health.json()).toMatchObject({ status: 'degraded', database: { ok: true }, chain: { ok: false } });

    // The running verifier keeps trying (and failing) without giving up on the purchase.
    const hitsBefore = primary.hits;
    await eventually(async () => primary.hits > hitsBefore, 10_000, 'the verifier retrying');
    await expectUndecided(ctx.t, purchase, txHash);

    await allEndpoints('up');
    await eventually(
      async () => /verified|completed/.test((await statusOf(ctx.t, started.transactionId))?.status ?? ''),
      20_000,
      'the background verifier verifying the payment',
    );
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect(await countRows(ctx.t, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(1);
    expect(
      await countRows(
        ctx.t,
        'transaction_audit',
        `action = 'purchase.verify' and transaction_id = '${started.transactionId}'`,
      ),
    ).toBe(1);
    const revealed = await reveal(ctx.t, buyer, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().privateKey === keypair.forms.base58Secret).toBe(true);
    // And the browser's next poll succeeds too.
    expect((await verify(ctx.t, buyer, started.transactionId)).statusCode).toBe(200);
  });

  it('a payment never confirmed (tab closed) during the outage is found by its reference once the endpoints return', async () => {
    const { listing, buyer, started } = await startedPurchase(ctx, { price: '0.2' });

    await allEndpoints('down');
    await pay(ctx.chain, buyer, started.payment);
    const hitsBefore = primary.hits; // the refusing backup never sees a request
    await eventually(async () => primary.hits > hitsBefore, 10_000, 'the verifier looking for the payment');
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('initiated');

    await allEndpoints('up');
    await eventually(
      async () => /verified|completed/.test((await statusOf(ctx.t, started.transactionId))?.status ?? ''),
      20_000,
      'the background verifier finding the payment',
    );
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
  });

  it("listing while the chain is down: the account-safety check cannot run, so create and bulk answer the spec's RPC error and store nothing", async () => {
    const admin = await createAdmin(ctx.t);
    const single = newKeypair();
    const rows = [newKeypair(), newKeypair()].map((k) => ({ address: k.address, privateKey: k.forms.base58Secret }));
    await allEndpoints('down');
    try {
      const before = await listingTableCounts(ctx.t);
      const created = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: { cookie: admin.cookie },
        payload: { address: single.address, price: '1', privateKey: single.forms.base58Secret },
      });
      expect(created.statusCode, created.body).toBe(503);
      expect(created.json()).toEqual({ error: 'RPC_UNAVAILABLE', message: RPC_UNAVAILABLE_MESSAGE });
      const bulk = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/bulk-create-listings',
        headers: { cookie: admin.cookie },
        payload: { addressData: rows, walletAddress: admin.walletAddress },
      });
      expect(bulk.statusCode, bulk.body.slice(0, 500)).toBe(503);
      expect(bulk.json()).toMatchObject({ error: 'RPC_UNAVAILABLE' });
      expect(await listingTableCounts(ctx.t)).toEqual(before);
    } finally {
      await allEndpoints('up');
    }
    // Back up: the same requests list the addresses.
    const created = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { cookie: admin.cookie },
      payload: { address: single.address, price: '1', privateKey: single.forms.base58Secret },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('one endpoint down is invisible: the other answers', async () => {
    await primary.set('refuse');
    await backup.set('up');
    const health = await ctx.t.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', chain: { ok: true } });
    await primary.set('up');
  });
});
