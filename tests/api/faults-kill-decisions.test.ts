import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/database';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { Client, eventually, FaultServer, listingOf, purchaseOf, purchaseReaches } from './faults-kill-helpers';
import { SOL } from './purchases-helpers';

/**
 * Issue 17 finding 11: the real server SIGKILLed inside initiate's database transaction, and inside the one that
 * records a refund due (a short payment that still reached the seller), then started again on the same data. What
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

/** Waits until the purchase's reason carries a refund note (it stays `failed` throughout). */
const eventuallyRefund = (id: string) =>
  eventually(
    `refund note on ${id}`,
    async () => {
      const p = await purchaseOf(server, id);
      return p.disputeReason?.startsWith('Refund due') ? p : undefined;
    },
    60_000,
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

    await server.start('refund:before-commit');
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'available', isListed: true });
    // The killed attempt holds nothing: neither a reservation nor a slot of the buyer's reservation cap.
    const started = await buyer.initiateOk(offered);
    expect((await rival.initiate(offered)).status).toBe(409);
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'pending' });
    expect(await purchaseOf(server, started.transactionId)).toMatchObject({ status: 'initiated' });
  });

  it('inside the refund-due decision of a short payment: recorded exactly once after restart, seen by the seller', async () => {
    await server.ensure('refund:before-commit');
    const offered = await listing('0.3');
    const buyer = await fundedBuyer();
    const started = await buyer.initiateOk(offered);
    const id = started.transactionId;
    const txHash = await buyer.pay(started.payment, (p) => ({ ...p, lamports: p.lamports - 1n }));
    await server.crash('refund:before-commit', () => buyer.confirm(id, txHash));

    const refundAudits = (db: Database) =>
      countOf(
        db,
        `select count(*)::int as n from transaction_audit where action = 'purchase.refund_due' and transaction_id = $1`,
        [id],
      );
    const down = await server.whileDown(async (db) => ({
      purchase: (await db.query('select status, tx_hash from transactions where id = $1', [id]))[0],
      listing: (await db.query('select status from addresses where id = $1', [offered.id]))[0],
      refundAudits: await refundAudits(db),
    }));
    // Confirm had stored the signature (its own commit); the decision itself is rolled back whole.
    expect(down).toEqual({
      purchase: { status: 'pending', tx_hash: txHash },
      listing: { status: 'pending' },
      refundAudits: 0,
    });

    await server.start();
    // The background verifier decides again, and so does a buyer retrying confirm: both at once, on purpose.
    const retried = await buyer.confirm(id, txHash);
    expect(retried.status).toBeLessThan(500);
    const failed = await purchaseReaches(server, id, ['failed']);
    expect(failed.disputeReason).toContain(
      `Refund due: 0.299999999 SOL still reached the seller in transaction ${txHash}`,
    );
    const sellerView = await seller.call('GET', `/api/transactions/user?walletAddress=${seller.walletAddress}`);
    const row = (sellerView.body as unknown as { id: string; disputeReason: string | null }[]).find((r) => r.id === id);
    expect(row?.disputeReason).toContain(txHash);
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'available', isListed: true });

    await server.stop();
    const after = await server.whileDown(async (db) => ({
      refundAudits: await refundAudits(db),
      rejectedAudits: await countOf(
        db,
        `select count(*)::int as n from transaction_audit where action = 'purchase.payment_rejected' and transaction_id = $1`,
        [id],
      ),
      sales: await countOf(db, 'select count(*)::int as n from sales_analytics where transaction_id = $1', [id]),
    }));
    expect(after).toEqual({ refundAudits: 1, rejectedAudits: 1, sales: 0 });
    // The buyer may buy again.
    await server.start();
    expect((await buyer.initiateOk(offered)).transactionId).not.toBe(id);
  });

  it('inside the refund-due decision of a late payment for a listing sold meanwhile: decided once after restart', async () => {
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
    await server.start('refund:before-commit');
    expect((await purchaseReaches(server, id, ['failed'])).disputeReason).toBe('reservation expired');
    const winner = await fundedBuyer();
    const won = await winner.initiateOk(offered);
    expect((await winner.confirm(won.transactionId, await winner.pay(won.payment))).status).toBe(200);

    // The first buyer pays after all; the background verifier finds it and dies deciding it is a refund.
    let txHash = '';
    await server.crash('refund:before-commit', async () => {
      txHash = await late.pay(started.payment);
    });
    const refundAudits = (db: Database) =>
      countOf(
        db,
        `select count(*)::int as n from transaction_audit where action = 'purchase.refund_due' and transaction_id = $1`,
        [id],
      );
    expect(await server.whileDown(refundAudits)).toBe(0);

    // Nobody nudges this purchase: the verifier alone must come back to the payment it had attached.
    await server.start();
    const decided = await eventuallyRefund(id);
    expect(decided.disputeReason).toContain(`transaction ${txHash}`);
    expect(decided.disputeReason).toContain(late.walletAddress);
    const sellerView = await seller.call('GET', `/api/transactions/user?walletAddress=${seller.walletAddress}`);
    const row = (sellerView.body as unknown as { id: string; disputeReason: string | null }[]).find((r) => r.id === id);
    expect(row?.disputeReason).toContain('Refund due');
    expect(await listingOf(server, offered.keypair.address)).toMatchObject({ status: 'sold' });
    await server.stop();
    expect(await server.whileDown(refundAudits)).toBe(1);
    await server.start();
  });
});
