import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import { parseSolToLamports } from '@shared/money';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { Client, eventually, FaultServer, listingOf, purchaseOf, purchaseReaches } from '@tests/helpers/fault-server';
import { SOL } from '@tests/helpers/purchases';

/**
 * docs/reliability.md#crashes-sigkill-at-every-step: the real server is SIGKILLed at each step of a purchase — between
 * steps, and inside a step at a crash point — and started again on the same data. Each scenario below is one kill; the
 * server is restarted armed with the crash point of the scenario after it, so every start but the first is also a
 * recovery (a test that finds the server down or armed otherwise, after an earlier failure, starts it itself:
 * `ensure`). The last test checks, with the server stopped, that nothing anywhere is lost, doubled or half-done.
 */

const FEE = 5_000n;
const FUNDS = SOL;

interface Sale {
  price: string;
  keypair: TestKeypair;
  listingId: string;
  buyer: Client;
  started: InitiatePurchaseResponse;
  signature?: string;
}

let server: FaultServer;
let seller: Client;
let stranger: Client;
const sales: Record<string, Sale> = {};
const paid: Sale[] = [];
let restartedAfterPayment: Date;

async function listed(price: string) {
  const keypair = newKeypair();
  return { price, keypair, listingId: await seller.createListing(keypair.address, keypair.forms.base58Secret, price) };
}

/** A new listing, reserved by a new buyer who holds FUNDS on chain. */
async function reserved(name: string, price: string): Promise<Sale> {
  const listing = await listed(price);
  const buyer = await Client.signIn(server);
  await server.airdrop(buyer.walletAddress, FUNDS);
  const started = await buyer.initiateOk({ id: listing.listingId, price });
  sales[name] = { ...listing, buyer, started };
  return sales[name];
}

const lamportsOf = (price: string) => parseSolToLamports(price);

/** The sale stands: completed, listing sold and unlisted, the key is its buyer's alone, the money moved once. */
async function expectSold(sale: Sale, opts: { reveal?: boolean } = {}) {
  const purchase = await purchaseReaches(server, sale.started.transactionId, ['completed']);
  expect(purchase.txHash).toBe(sale.signature);
  expect(await listingOf(server, sale.keypair.address)).toMatchObject({ status: 'sold', isListed: false });
  const onChain = await server.landed(sale.signature!);
  expect(onChain?.meta?.err).toBeNull();
  // The total (price + the payout's fee, no commission without a treasury) went into the escrow, once.
  expect(await server.balance(sale.buyer.walletAddress)).toBe(FUNDS - BigInt(sale.started.payment.lamports) - FEE);
  if (opts.reveal !== false) {
    const revealed = await sale.buyer.reveal(sale.started.transactionId);
    expect(revealed.status).toBe(200);
    expect(revealed.body.privateKey).toBe(sale.keypair.forms.base58Secret);
    const refused = await stranger.reveal(sale.started.transactionId);
    expect(refused.status).toBe(403);
    expect(refused.body.privateKey).toBeUndefined();
  }
  if (!paid.includes(sale)) paid.push(sale);
}

beforeAll(async () => {
  const sellerWallet = await newWallet();
  server = await FaultServer.create([sellerWallet.walletAddress]);
  await server.start('verify:after-commit');
  seller = await Client.signIn(server, sellerWallet);
  stranger = await Client.signIn(server);
  // Reservations made before the first kill, that must outlive all of them.
  await reserved('held', '0.15');
  await reserved('expiring', '0.16');
}, 180_000);

afterAll(async () => {
  const starts = server?.starts.map((s) => `${s.crashAt ?? 'unarmed'} ${s.ms} ms`).join(', ');
  if (starts) process.stdout.write(`purchases/kill (${server.driver}) server starts: ${starts}\n`);
  await server?.close();
});

// Each test kills the server and waits for a fresh start (seconds each on two shared cores).
describe('SIGKILL at every step of a purchase, then a restart on the same data', { timeout: 120_000 }, () => {
  it('after verify committed, before completion and before the reply: it completes after restart', async () => {
    await server.ensure('verify:after-commit');
    const sale = await reserved('afterVerify', '0.11');
    const paying = await sale.buyer.payThenConfirm(sale.started.transactionId, sale.started.payment);
    sale.signature = paying.signature;
    await server.crash('verify:after-commit', paying.action);
    await server.start('key:destroy-before-commit');
    await expectSold(sale);
  });

  it("inside destroy's transaction: rolled back, the key is still the buyer's to reveal", async () => {
    await server.ensure('key:destroy-before-commit');
    const sale = sales.afterVerify!;
    await server.crash('key:destroy-before-commit', () => sale.buyer.destroy(sale.started.transactionId));
    await server.start('verify:before-commit');
    expect(await purchaseOf(server, sale.started.transactionId)).toMatchObject({
      status: 'completed',
      privateKeyDestroyed: false,
    });
    const revealed = await sale.buyer.reveal(sale.started.transactionId);
    expect(revealed.body.privateKey).toBe(sale.keypair.forms.base58Secret);
  });

  it("inside verify's transaction: nothing of the sale is kept; after restart it is recorded once", async () => {
    await server.ensure('verify:before-commit');
    const sale = await reserved('midVerify', '0.12');
    const signed = await sale.buyer.signPayment(sale.started.payment);
    sale.signature = signed.signature;
    // Confirmed before it is sent, so the signature is stored whoever then decides it: the background verifier, which
    // finds a landed payment by its reference, may get there before a confirm sent after the payment would.
    await server.crash('verify:before-commit', async () => {
      await sale.buyer.confirm(sale.started.transactionId, signed.signature);
      await signed.send();
    });

    const id = sale.started.transactionId;
    const kept = await server.whileDown(async (db) => {
      const count = async (sql: string) => (await db.query<{ n: number }>(sql, [id]))[0]!.n;
      const [tx] = await db.query<{ status: string; tx_hash: string }>(
        'select status, tx_hash from transactions where id = $1',
        [id],
      );
      const [listing] = await db.query<{ status: string; is_listed: boolean }>(
        'select a.status, a.is_listed from addresses a join transactions t on t.address_id = a.id where t.id = $1',
        [id],
      );
      return {
        tx,
        listing,
        sales: await count('select count(*)::int as n from sales_analytics where transaction_id = $1'),
        history: await count('select count(*)::int as n from price_history where transaction_id = $1'),
        chainAudit: await count(
          'select count(*)::int as n from blockchain_transaction_audit where transaction_id = $1',
        ),
        verifyAudit: await count(
          "select count(*)::int as n from transaction_audit where transaction_id = $1 and action = 'purchase.verify'",
        ),
      };
    });
    // The signature was committed by confirm before the payment was sent; everything the decision wrote went with
    // the kill.
    expect(kept).toEqual({
      tx: { status: 'pending', tx_hash: sale.signature },
      listing: { status: 'pending', is_listed: true },
      sales: 0,
      history: 0,
      chainAudit: 0,
      verifyAudit: 0,
    });

    await server.start('rpc:after-send');
    await expectSold(sale);
  });

  it('after the payment landed on chain, before the wallet had the answer or any confirm: found by reference', async () => {
    await server.ensure('rpc:after-send');
    const sale = await reserved('paidNoConfirm', '0.14');
    const signed = await sale.buyer.signPayment(sale.started.payment);
    sale.signature = signed.signature;
    await server.crash('rpc:after-send', signed.send);
    restartedAfterPayment = new Date();
    await server.start('confirm:before-verify');
    // The chain kept the payment through the kill; nobody ever called confirm.
    expect((await server.landed(signed.signature))?.meta?.err).toBeNull();
    await expectSold(sale);
  });

  it('after confirm stored the signature, before verify and before the payment landed: the background verifier completes it', async () => {
    await server.ensure('confirm:before-verify');
    const sale = await reserved('afterConfirm', '0.13');
    // A wallet may confirm as soon as it has signed. Confirming first also keeps the background verifier, which finds
    // a landed payment by its reference, from completing the purchase before this confirm reaches the crash point.
    const signed = await sale.buyer.signPayment(sale.started.payment);
    sale.signature = signed.signature;
    await server.crash('confirm:before-verify', () => sale.buyer.confirm(sale.started.transactionId, signed.signature));
    await server.start('key:reveal-before-reply');
    expect(await purchaseOf(server, sale.started.transactionId)).toMatchObject({
      status: 'pending',
      txHash: signed.signature,
    });
    await signed.send(); // its blockhash outlives a restart (150 slots)
    await expectSold(sale, { reveal: false }); // this life is armed to die in a reveal: the next test's
  });

  it('in a reveal, after decrypting and auditing, before the reply: the key is still revealable', async () => {
    await server.ensure('key:reveal-before-reply');
    const sale = sales.paidNoConfirm!;
    await server.crash('key:reveal-before-reply', () => sale.buyer.reveal(sale.started.transactionId));
    await server.start('key:destroy-after-commit');
    const revealed = await sale.buyer.reveal(sale.started.transactionId);
    expect(revealed.status).toBe(200);
    expect(revealed.body.privateKey).toBe(sale.keypair.forms.base58Secret);
    expect((await stranger.reveal(sale.started.transactionId)).status).toBe(403);
  });

  it('a reservation made before all those kills is still held, then paid and completed', async () => {
    await server.ensure('key:destroy-after-commit');
    const sale = sales.held!;
    expect(await purchaseOf(server, sale.started.transactionId)).toMatchObject({ status: 'initiated' });
    // The checkout notice outlived the kills; it is a notice, not a lock: a rival may start a purchase too.
    expect(await listingOf(server, sale.keypair.address)).toMatchObject({ status: 'pending' });
    const rival = await Client.signIn(server);
    await server.airdrop(rival.walletAddress, FUNDS);
    expect((await rival.initiate({ id: sale.listingId, price: sale.price })).status).toBe(201);

    sale.signature = await sale.buyer.pay(sale.started.payment);
    const confirmed = await sale.buyer.confirm(sale.started.transactionId, sale.signature);
    expect(confirmed.status).toBe(200);
    await expectSold(sale);
  });

  it('a reservation whose window passes while the server is down expires after restart; the listing is for sale again', async () => {
    await server.ensure('key:destroy-after-commit');
    const sale = sales.expiring!;
    expect(await purchaseOf(server, sale.started.transactionId)).toMatchObject({ status: 'initiated' });
    await server.kill(); // between steps: no crash point
    // The server stays down past the 15-minute window: moving the stored deadline is the same thing, sooner.
    await server.whileDown((db) =>
      db.query("update transactions set expires_at = now() - interval '1 minute' where id = $1", [
        sale.started.transactionId,
      ]),
    );
    await server.start('key:destroy-after-commit');
    const expired = await purchaseReaches(server, sale.started.transactionId, ['failed']);
    expect(expired.disputeReason).toBe('reservation expired');
    expect(await listingOf(server, sale.keypair.address)).toMatchObject({ status: 'available', isListed: true });
    expect((await sale.buyer.reveal(sale.started.transactionId)).status).toBe(403);
    const next = await Client.signIn(server);
    await server.airdrop(next.walletAddress, FUNDS); // initiate checks the balance (docs/domain.md#reservation-limits)
    expect((await next.initiate({ id: sale.listingId, price: sale.price })).status).toBe(201);
    // Nothing was paid: the buyer still holds every lamport.
    expect(await server.balance(sale.buyer.walletAddress)).toBe(FUNDS);
  });

  it('after destroy committed, before the reply: the key is gone for good', async () => {
    await server.ensure('key:destroy-after-commit');
    const sale = sales.paidNoConfirm!;
    await server.crash('key:destroy-after-commit', () => sale.buyer.destroy(sale.started.transactionId));
    await server.start();
    expect(await purchaseOf(server, sale.started.transactionId)).toMatchObject({ privateKeyDestroyed: true });
    const reveal = await sale.buyer.reveal(sale.started.transactionId);
    expect(reveal.status).toBe(410);
    expect(reveal.body).toMatchObject({ error: 'KEY_DESTROYED' });
    expect((await sale.buyer.destroy(sale.started.transactionId)).body).toMatchObject({ error: 'KEY_DESTROYED' });
  });

  it('after every kill: each payment is on chain once, each sale recorded once, no listing or key half-done', async () => {
    expect(paid.map((s) => s.price).sort()).toEqual(['0.11', '0.12', '0.13', '0.14', '0.15']);
    const total = paid.reduce((sum, s) => sum + lamportsOf(s.price), 0n);
    // Each seller payout left its escrow once, after the sale was decided.
    await eventually('every payout landed', async () =>
      (await server.balance(seller.walletAddress)) === total ? true : undefined,
    );
    expect(await server.balance(seller.walletAddress)).toBe(total);
    await server.stop();

    const ids = paid.map((s) => s.started.transactionId);
    const rows = await server.whileDown(async (db) => ({
      perSale: await db.query<Record<string, number | string>>(
        `select t.id, t.status, a.status as listing,
           (select count(*)::int from sales_analytics s where s.transaction_id = t.id) as sales,
           (select count(*)::int from price_history p where p.transaction_id = t.id and p.change_type = 'sale') as history,
           (select count(*)::int from blockchain_transaction_audit b where b.transaction_id = t.id) as chain_audit,
           (select count(*)::int from transaction_audit u
              where u.transaction_id = t.id and u.action = 'purchase.verify') as verify_audit,
           (select count(*)::int from encrypted_keys k where k.address_id = a.id) as keys
         from transactions t join addresses a on a.id = t.address_id
         where t.id = any($1::uuid[]) order by t.id`,
        [ids],
      ),
      // Anywhere in the shop: a sold listing without its sale, or a sale whose listing is not sold.
      inconsistent: await db.query(
        `select a.id from addresses a
         where (a.status = 'sold') <> exists (
           select 1 from transactions t where t.address_id = a.id and t.status in ('verified', 'completed'))`,
      ),
      pendingWithoutOpenPurchase: await db.query(
        `select a.id from addresses a where a.status = 'pending' and not exists (
           select 1 from transactions t where t.address_id = a.id and t.status in ('initiated', 'pending'))`,
      ),
      paymentFound: await db.query<{ signature: string; observed_at: Date }>(
        `select signature, created_at as observed_at from escrow_receipts where transaction_id = $1`,
        [sales.paidNoConfirm!.started.transactionId],
      ),
      confirms: await db.query(
        `select 1 from transaction_audit where transaction_id = $1 and action = 'purchase.confirm'`,
        [sales.paidNoConfirm!.started.transactionId],
      ),
      keylessListings: await db.query(
        `select a.id from addresses a left join encrypted_keys k on k.address_id = a.id
         where k.id is null and not exists (
           select 1 from transactions t where t.address_id = a.id and t.private_key_destroyed)`,
      ),
    }));
    const destroyed = sales.paidNoConfirm!.started.transactionId;
    expect(rows.perSale).toEqual(
      [...ids].sort().map((id) => ({
        id,
        status: 'completed',
        listing: 'sold',
        sales: 1,
        history: 1,
        chain_audit: 1,
        verify_audit: 1,
        keys: id === destroyed ? 0 : 1,
      })),
    );
    // The payment nobody confirmed was found in its escrow by the worker, after the restart.
    expect(rows.confirms).toEqual([]);
    expect(rows.paymentFound).toEqual([{ signature: sales.paidNoConfirm!.signature, observed_at: expect.any(Date) }]);
    expect(rows.paymentFound[0]!.observed_at.getTime()).toBeGreaterThanOrEqual(restartedAfterPayment.getTime());
    expect(rows.inconsistent).toEqual([]);
    expect(rows.pendingWithoutOpenPurchase).toEqual([]);
    expect(rows.keylessListings).toEqual([]);
    // Snapshot and journal only: a compaction killed before its rename leaves a temp file, removed at the restart.
    expect((await readdir(path.join(server.dataDir, 'chain'))).sort()).toEqual([
      'local-chain.journal',
      'local-chain.json',
    ]);
  });
});
