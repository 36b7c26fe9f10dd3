import { randomBytes } from 'node:crypto';
import { address, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import { createTestDatabase, testDriver, type TestDatabase } from '@tests/helpers/db';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { remoteTestApp } from '@tests/helpers/http-app';
import { newWallet, signIn } from '@tests/helpers/wallet';
import type { TestApp } from '@tests/helpers/app';
import { startAppServer, type AppServer } from '@tests/e2e/helpers/app-server';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import {
  SOL,
  balanceOf,
  confirm,
  countRows,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  sleep,
  statusOf,
  type TestChain,
} from '@tests/helpers/purchases';
import { SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

/**
 * Scale-out (docs/domain.md#scale, docs/reliability.md#scale-out-several-instances-on-one-postgresql): two real server
 * processes (src/server/main.ts, as `npm start` runs it) behind one PostgreSQL database, configured as README's
 * "Running several instances" says for a local trial: the same DATABASE_URL and VAULT_MASTER_KEY; instance A embeds the
 * local validator, instance B uses it through SOLANA_RPC_URLS=<A>/rpc. Every call is real HTTP; both processes run
 * their background jobs. PGlite is one process's embedded database, so this file runs on PostgreSQL only.
 */

let database: TestDatabase;
let serverA: AppServer;
let serverB: AppServer;
let a: TestApp;
let b: TestApp;
/** The shared chain as a wallet sees it: A's JSON-RPC endpoint. */
let chain: TestChain;

beforeAll(async () => {
  if (testDriver() !== 'postgres') return;
  database = await createTestDatabase();
  const shared = {
    DATABASE_URL: database.url!,
    SOLANA_CLUSTER: 'local',
    VAULT_MASTER_KEY: randomBytes(32).toString('base64'),
    PUBLIC_ORIGIN: 'http://localhost:5000', // one site behind a load balancer
    LOG_LEVEL: 'warn',
  };
  serverA = await startAppServer({ env: shared });
  serverB = await startAppServer({ env: { ...shared, SOLANA_RPC_URLS: `${serverA.url}/rpc` } });
  a = remoteTestApp(serverA.url, database);
  b = remoteTestApp(serverB.url, database);
  // pay() needs only the RPC client, the one a wallet pointed at A's /rpc would use.
  chain = { rpc: createChainRpc([`${serverA.url}/rpc`]) } as TestChain;
}, 180_000);
afterAll(async () => {
  await serverB?.stop();
  await serverA?.stop();
  await database?.close();
});

/** Free SOL from the shared validator, asked for over JSON-RPC like any local tool does. */
async function fund(wallet: string): Promise<void> {
  await chain.rpc.requestAirdrop(address(wallet), lamports(10n * SOL)).send();
}

const session = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

/** `transaction_id in (…)` for some of `orders`. */
const ofOrders = (orders: InitiatePurchaseResponse[], which: number[]) =>
  `transaction_id in (${which.map((i) => `'${orders[i]!.transactionId}'`).join(', ')})`;

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(250);
  }
}

describe.runIf(testDriver() === 'postgres')('two server processes on one PostgreSQL', () => {
  it('both serve, on the same database and chain', async () => {
    for (const t of [a, b]) {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.json()).toMatchObject({ status: 'ok', database: { driver: 'postgres' }, chain: { ok: true } });
    }
  });

  it('a session made on one works on the other, and logging out on either ends it on both', async () => {
    const alice = await signIn(a.app);
    expect((await session(b, alice.cookie)).json()).toEqual({ walletAddress: alice.walletAddress, isAdmin: false });
    const out = await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: alice.cookie } });
    expect(out.statusCode).toBe(204);
    expect((await session(a, alice.cookie)).statusCode).toBe(401);
  });

  it('rate limits count across both instances', async () => {
    // The sign-in challenge allows 30 a minute per wallet: 15 through each instance use them all up.
    const { walletAddress } = await newWallet();
    const challenge = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { address: walletAddress } });
    for (let i = 0; i < 30; i++) expect((await challenge(i % 2 ? a : b)).statusCode).toBe(200);
    for (const t of [a, b]) {
      const limited = await challenge(t);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('buyers racing for one listing through different instances: each its own escrow, and one sale of three paid', async () => {
    const admin = await createAdmin(a);
    const { listing } = await createListing(a, { seller: admin, price: '0.5' });
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => createUser(i % 2 ? a : b)));
    await Promise.all(buyers.map((buyer) => fund(buyer.walletAddress))); // initiate checks the balance
    const results = await Promise.all(buyers.map((buyer, i) => initiate(i % 2 ? b : a, buyer, listing)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 201));
    const orders = results.map((r) => r.json() as InitiatePurchaseResponse);
    expect(new Set(orders.map((o) => o.payment.recipient)).size).toBe(8);
    expect(await countRows(a, 'transactions', `address_id = '${listing.id}'`)).toBe(8);

    // Three pay, one after the other; each confirms through one instance or the other, all at once.
    const sellerBefore = await balanceOf(chain, admin.walletAddress);
    const payers = [0, 1, 2];
    const before = await Promise.all(payers.map((i) => balanceOf(chain, buyers[i]!.walletAddress)));
    const signatures: string[] = [];
    for (const i of payers) signatures.push(await pay(chain, buyers[i]!, orders[i]!.payment));
    const confirmed = await Promise.all(
      payers.map((i) => confirm(i % 2 ? a : b, buyers[i]!, orders[i]!.transactionId, signatures[i]!)),
    );
    expect(confirmed.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The first to land bought the key, whichever confirm decided it; the others are refunded.
    expect(confirmed[0]!.json().status).toMatch(/verified|completed/);
    for (const r of confirmed.slice(1)) {
      expect(r.json()).toMatchObject({ status: 'failed', failureKind: 'refunded', failureCode: 'LOST_RACE' });
    }
    expect(await listingStatus(a, listing.id)).toEqual({ status: 'sold', is_listed: false });

    // Both processes' background jobs finish the payout and the refunds: the seller paid once, the losers out of
    // two fees each, every escrow empty.
    await eventually(
      async () => (await countRows(a, 'escrow_transfers', `status = 'landed' and ${ofOrders(orders, payers)}`)) === 3,
      30_000,
      'the payout and both refunds landing',
    );
    expect((await balanceOf(chain, admin.walletAddress)) - sellerBefore).toBe(SOL / 2n);
    for (const [k, i] of payers.entries()) {
      expect(await balanceOf(chain, orders[i]!.payment.recipient)).toBe(0n);
      if (i > 0) expect(await balanceOf(chain, buyers[i]!.walletAddress)).toBe(before[k]! - 2n * SIGNATURE_FEE);
    }
  }, 60_000);

  it('a purchase initiated on A, paid, confirmed on B is revealed through A', async () => {
    const admin = await createAdmin(b);
    const { listing, keypair } = await createListing(b, { seller: admin, price: '0.3' });
    const buyer = await createUser(a);
    await fund(buyer.walletAddress);
    const started = await initiateOk(a, buyer, listing);
    const txHash = await pay(chain, buyer, started.payment);

    // B checks, through A's validator, a payment the wallet sent there.
    const confirmed = await confirm(b, buyer, started.transactionId, txHash);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toMatch(/verified|completed/);

    const revealed = await reveal(a, buyer, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    // Decrypted by A from what B's sale left: the same master key, nothing held in either process's memory.
    expect(revealed.json().privateKey === keypair.forms.base58Secret).toBe(true);
    expect(await listingStatus(a, listing.id)).toEqual({ status: 'sold', is_listed: false });
  });

  it('the background verifiers of both processes, running at once, settle each paid purchase exactly once', async () => {
    const admin = await createAdmin(a);
    const sellerBefore = await balanceOf(chain, admin.walletAddress);
    const orders: string[] = [];
    for (let i = 0; i < 6; i++) {
      const via = i % 2 ? a : b;
      const { listing } = await createListing(via, { seller: admin, price: '0.1' });
      const buyer = await createUser(via);
      await fund(buyer.walletAddress);
      const started = await initiateOk(via, buyer, listing);
      await pay(chain, buyer, started.payment); // paid, never confirmed: only the background jobs can find it
      orders.push(started.transactionId);
    }
    const quoted = orders.map((id) => `'${id}'`).join(', ');
    await eventually(
      async () => {
        const rows = await Promise.all(orders.map((id) => statusOf(a, id)));
        const landed = await countRows(a, 'escrow_transfers', `status = 'landed' and transaction_id in (${quoted})`);
        return rows.every((row) => row?.status === 'completed') && landed === orders.length;
      },
      60_000,
      'both job runners verifying, paying out and completing every purchase',
    );
    // Each sale paid out once: the seller got the six prices exactly.
    expect((await balanceOf(chain, admin.walletAddress)) - sellerBefore).toBe((6n * SOL) / 10n);
    for (const id of orders) {
      const once = (table: string, where = 'true') => countRows(a, table, `transaction_id = '${id}' and ${where}`);
      expect(await once('escrow_transfers', "kind = 'payout'")).toBe(1);
      expect(await once('transaction_audit', "action = 'purchase.verify'")).toBe(1);
      expect(await once('transaction_audit', "action = 'purchase.complete'")).toBe(1);
      expect(await once('sales_analytics')).toBe(1);
      expect(await once('price_history')).toBe(1);
      expect(await once('blockchain_transaction_audit')).toBe(1);
    }
  }, 90_000);
});
