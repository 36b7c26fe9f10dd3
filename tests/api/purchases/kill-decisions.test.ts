import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/database';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { Client, eventually, FaultServer, listingOf, purchaseOf, purchaseReaches } from '@tests/helpers/fault-server';
import { SOL } from '@tests/helpers/purchases';

/**
 * The real server SIGKILLed inside initiate's database transaction, and inside the settlement
 * decision that refunds a payment (a short one; a late one for a listing sold meanwhile), then started again on the
 * same data. What
 * the killed transaction wrote must be gone while the server is down, and after the restart each decision is made
 * exactly once. Both databases: PGlite in DATA_DIR, or this file's own PostgreSQL database.
 */

let server: FaultServer;
let seller: Client;

async function listing(price: string) {
  const keypair = newKeypair();
  return { id: await seller.createListing(keypair.address, keypair.forms.base58Secret, price), price, keypair };
}

async function fundedBuyer(): Promise<Client> {
  const buyer = await Client.signIn(server);
  await server.airdrop(buyer.walletAddress, SOL);
  return buyer;
}

const countOf = async (db: Database, sql: string, params: unknown[]) =>
  (await db.query<{ n: number }>(sql, params))[0]!.n;

const FEE = 5_000n;

/** Waits until the purchase is refunded and its refund has landed (the view names the refund's signature). */
const eventuallyRefunded = (id: string) =>
  eventually(
    `refund of ${id}`,
    async () => {
      const p = await purchaseOf(server, id);
      return p.failureKind === 'refunded' && p.refundSignatures.length === 1 ? p : undefined;
    },
    60_000,
  );

const refundAudits = (db: Database, id: string) =>
  countOf(
    db,
    `select count(*)::int as n from transaction_audit where action = 'purchase.refund' and transaction_id = $1`,
    [id],
  );

beforeAll(async () => {
  const sellerWallet = await newWallet();
  server = await FaultServer.create([sellerWallet.walletAddress]);
  await server.start('initiate:before-commit');
  seller = await Client.signIn(server, sellerWallet);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('SIGKILL inside a purchase decision, then a restart on the same data', { timeout: 240_000 }, () => {
  it("inside initiate's transaction: no reservation survives; after restart exactly one buyer reserves", async () => {
    await server.ensure('initiate:before-commit');
    const offered = await listing('0.2');
    const buyer = await fundedBuyer();
    const rival = await fundedBuyer();
    await server.crash('initiate:before-commit', () => buyer.initiate(offered));

    const down = await server.whileDown(async (db) => ({
      purchases: await countOf(db, 'select count(*)::int as n from transactions where address_id = $1', [offered.id]),
      audits: await countOf(
        db,
        `select count(*)::int as n from transaction_audit where action = 'purchase.initiate' and metadata->>'addressId' = $1`,
        [offered.id],
      ),
      listing: (await db.query<{ status: string }>('select status from addresses where id = $1', [offered.id]))[0],
    }));
    expect(down).toEqual({ purchases: 0, audits: 0, listing: { status: 'available' } });

    await server.start('verify:before-commit');
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'available', isListed: true });
    // The killed attempt holds nothing: neither a checkout notice nor a slot of the buyer's reservation cap.
    const started = await buyer.initiateOk(offered);
    // A checkout is a notice, not a lock (docs/domain.md#settlement): a rival may start a purchase too.
    expect((await rival.initiate(offered)).status).toBe(201);
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'pending' });
    expect(await purchaseOf(server, started.transactionId)).toMatchObject({ status: 'initiated' });
  });

  it('inside the decision that refunds a short payment: decided and refunded exactly once after restart', async () => {
    await server.ensure('verify:before-commit');
    const offered = await listing('0.3');
    const buyer = await fundedBuyer();
    const started = await buyer.initiateOk(offered);
    const id = started.transactionId;
    const signed = await buyer.signPayment(started.payment, (p) => ({ ...p, lamports: p.lamports - 1n }));
    const txHash = signed.signature;
    // Confirmed before it is sent, so the signature is stored whoever then decides it: the background verifier, which
    // finds a landed payment by its reference, may get there before a confirm sent after the payment would.
    await server.crash('verify:before-commit', async () => {
      await buyer.confirm(id, txHash);
      await signed.send();
    });

    const down = await server.whileDown(async (db) => ({
      purchase: (await db.query('select status, tx_hash from transactions where id = $1', [id]))[0],
      listing: (await db.query('select status from addresses where id = $1', [offered.id]))[0],
      refundAudits: await refundAudits(db, id),
      // The payment was recorded (its own commit) before the decision began; the decision is rolled back whole.
      receipts: await db.query('select purpose from escrow_receipts where transaction_id = $1', [id]),
    }));
    expect(down).toEqual({
      purchase: { status: 'pending', tx_hash: txHash },
      listing: { status: 'pending' },
      refundAudits: 0,
      receipts: [{ purpose: null }],
    });

    await server.start();
    // The background verifier decides again, and so does a buyer retrying confirm: both at once, on purpose.
    const retried = await buyer.confirm(id, txHash);
    expect(retried.status).toBeLessThan(500);
    const refunded = await eventuallyRefunded(id);
    expect(refunded).toMatchObject({ status: 'failed', failureKind: 'refunded', failureCode: 'AMOUNT_TOO_LOW' });
    // Both payment fees are spent; everything else came back, once.
    expect(await server.balance(buyer.walletAddress)).toBe(SOL - 2n * FEE);
    expect(await server.balance(started.payment.recipient)).toBe(0n);
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'available', isListed: true });

    await server.stop();
    const after = await server.whileDown(async (db) => ({
      refundAudits: await refundAudits(db, id),
      transfers: await countOf(db, 'select count(*)::int as n from escrow_transfers where transaction_id = $1', [id]),
      sales: await countOf(db, 'select count(*)::int as n from sales_analytics where transaction_id = $1', [id]),
    }));
    expect(after).toEqual({ refundAudits: 1, transfers: 1, sales: 0 });
    // The buyer may buy again.
    await server.start();
    expect((await buyer.initiateOk(offered)).transactionId).not.toBe(id);
  });

  it('inside the decision that refunds a late payment for a listing sold meanwhile: decided once after restart', async () => {
    await server.ensure();
    const offered = await listing('0.25');
    const late = await fundedBuyer();
    const started = await late.initiateOk(offered);
    const id = started.transactionId;
    // The reservation runs out while the server is down: moving the stored deadline is the same thing, sooner.
    await server.kill();
    await server.whileDown((db) =>
      db.query("update transactions set expires_at = now() - interval '1 minute' where id = $1", [id]),
    );
    await server.start();
    expect((await purchaseReaches(server, id, ['failed'])).disputeReason).toBe('reservation expired');
    const winner = await fundedBuyer();
    const won = await winner.initiateOk(offered);
    expect((await winner.confirm(won.transactionId, await winner.pay(won.payment))).status).toBe(200);
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'sold' });
    await server.kill();
    await server.start('verify:before-commit');

    // The first buyer pays after all; the background verifier finds it and dies deciding to refund it.
    await server.crash('verify:before-commit', () => late.pay(started.payment));
    expect(await server.whileDown((db) => refundAudits(db, id))).toBe(0);

    // Nobody nudges this purchase: the verifier alone must come back to the payment it recorded.
    await server.start();
    const decided = await eventuallyRefunded(id);
    expect(decided).toMatchObject({ failureKind: 'refunded', failureCode: 'LOST_RACE' });
    expect(decided.disputeReason).toContain('Refunded: another payment landed first');
    expect(await server.balance(late.walletAddress)).toBe(SOL - 2n * FEE);
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'sold' });
    await server.stop();
    expect(await server.whileDown((db) => refundAudits(db, id))).toBe(1);
    await server.start();
  });
});
