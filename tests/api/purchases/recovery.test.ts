import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { signIn } from '@tests/helpers/wallet';
import {
  balanceOf,
  confirm,
  createPurchaseApp,
  createTestChain,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  SOL,
  statusOf,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';
import { failureOf, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

const MINUTE = 60_000;
let chain: TestChain;
let database: TestDatabase;
let t: PurchaseTestApp;
const masterKey = Buffer.alloc(32, 9).toString('base64');

beforeAll(async () => {
  chain = await createTestChain();
  database = await createTestDatabase();
  t = await createPurchaseApp({ chain, database, masterKey });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
  await chain?.close();
});

describe('recovery', () => {
  it('completes a sale whose buyer paid but never confirmed, on a new instance after the first one died', async () => {
    const first = await createPurchaseApp({ chain, database, masterKey });
    const admin = await createAdmin(first);
    const { listing, keypair } = await createListing(first, { seller: admin, price: '0.3' });
    const buyer = await createUser(first);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(first, buyer, listing);
    await pay(chain, buyer, started.payment);
    await first.close(); // the server dies before the browser's confirm arrives
    const sellerBefore = await balanceOf(chain, admin.walletAddress);

    const report = await settle(t);
    expect(report.verified).toBe(1);
    expect((await statusOf(t, started.transactionId))?.status).toMatch(/verified|completed/);
    // The new instance paid the seller out of the escrow, and finished the payout in the same pass.
    expect(report.transfersLanded).toBe(1);
    expect((await balanceOf(chain, admin.walletAddress)) - sellerBefore).toBe((3n * SOL) / 10n);
    expect(await balanceOf(chain, started.payment.recipient)).toBe(0n);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    const again = await signIn(t.app, buyer.keys); // sessions live in the database, but sign in anew anyway
    const revealed = await reveal(t, again, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().privateKey).toBe(keypair.forms.base58Secret);
  });

  it('expires an unpaid reservation and puts the listing back on sale', async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, listing);
    expect((await listingStatus(t, listing.id))?.status).toBe('pending'); // "someone is checking out"

    await runVerifierOnce(t.deps()); // inside the window: nothing happens
    expect((await statusOf(t, started.transactionId))?.status).toBe('initiated');

    await runVerifierOnce(t.deps(16 * MINUTE));
    expect(await statusOf(t, started.transactionId)).toMatchObject({
      status: 'failed',
      dispute_reason: 'reservation expired',
    });
    expect((await listingStatus(t, listing.id))?.status).toBe('available');
    const next = await createUser(t);
    await fund(chain, next.walletAddress);
    expect((await initiate(t, next, listing)).statusCode).toBe(201);
  });

  it('fails a submitted signature that never lands once the window and its grace are over', async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, listing);
    const phantom = '5'.repeat(87); // a well-formed signature nobody sent
    expect((await confirm(t, buyer, started.transactionId, phantom)).json().status).toBe('pending');

    await runVerifierOnce(t.deps(16 * MINUTE));
    expect((await statusOf(t, started.transactionId))?.status).toBe('pending');
    await runVerifierOnce(t.deps(25 * MINUTE));
    expect(await statusOf(t, started.transactionId)).toMatchObject({ status: 'failed', tx_hash: null });
    expect((await listingStatus(t, listing.id))?.status).toBe('available');
  });

  it('a late payment still buys an address nobody else bought', async () => {
    const { listing, seller } = await createListing(t, { price: '0.2' });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const started = await initiateOk(t, buyer, listing);
    await runVerifierOnce(t.deps(16 * MINUTE));
    expect((await statusOf(t, started.transactionId))?.status).toBe('failed');

    const sellerBefore = await balanceOf(chain, seller.walletAddress);
    await pay(chain, buyer, started.payment);
    await settle(t, 30 * MINUTE);
    expect((await statusOf(t, started.transactionId))?.status).toMatch(/verified|completed/);
    expect((await listingStatus(t, listing.id))?.status).toBe('sold');
    expect((await balanceOf(chain, seller.walletAddress)) - sellerBefore).toBe((2n * SOL) / 10n);
  });

  it('a payment after its reservation expired and the address was sold to someone else is refunded to its payer', async () => {
    const admin = await createAdmin(t);
    const { listing } = await createListing(t, { seller: admin, price: '0.4' });
    const late = await createUser(t);
    const winner = await createUser(t);
    await fund(chain, late.walletAddress);
    await fund(chain, winner.walletAddress);

    const lateOrder = await initiateOk(t, late, listing);
    await runVerifierOnce(t.deps(16 * MINUTE));
    expect((await statusOf(t, lateOrder.transactionId))?.status).toBe('failed');

    const winning = await initiateOk(t, winner, listing);
    const winnerTx = await pay(chain, winner, winning.payment);
    expect((await confirm(t, winner, winning.transactionId, winnerTx)).json().status).toMatch(/verified|completed/);
    await settle(t);

    const sellerBefore = await balanceOf(chain, admin.walletAddress);
    const lateBefore = await balanceOf(chain, late.walletAddress);
    await pay(chain, late, lateOrder.payment);
    // Nobody confirms it: the verifier finds it in the expired purchase's escrow, refunds it, and the refund lands.
    const report = await settle(t, 30 * MINUTE);
    expect(report).toMatchObject({ refunded: 1, verified: 0, transfersLanded: 1 });

    expect(await failureOf(t, lateOrder.transactionId)).toEqual({
      status: 'failed',
      failure_kind: 'refunded',
      failure_code: 'LOST_RACE',
      dispute_reason: expect.stringMatching(/^Refunded: another payment landed first\./),
    });
    expect((await statusOf(t, winning.transactionId))?.status).toMatch(/verified|completed/);
    expect((await reveal(t, late, lateOrder.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
    // The seller is paid nothing more; the late buyer is out of the two network fees only.
    expect(await balanceOf(chain, admin.walletAddress)).toBe(sellerBefore);
    expect(await balanceOf(chain, late.walletAddress)).toBe(lateBefore - 2n * SIGNATURE_FEE);
    expect(await balanceOf(chain, lateOrder.payment.recipient)).toBe(0n);

    const sellerView = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/user?walletAddress=${admin.walletAddress}`,
      headers: { cookie: admin.cookie },
    });
    expect(sellerView.statusCode).toBe(200);
    const shown = sellerView.json().find((r: { id: string }) => r.id === lateOrder.transactionId);
    expect(shown).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      refundSignatures: [expect.any(String)],
      refundedLamports: (BigInt(lateOrder.payment.lamports) - SIGNATURE_FEE).toString(),
    });
    // Later passes leave the decision alone, and send nothing more.
    expect(await settle(t, 60 * MINUTE)).toMatchObject({ refunded: 0, transfersLanded: 0 });
    expect(await balanceOf(chain, late.walletAddress)).toBe(lateBefore - 2n * SIGNATURE_FEE);
  });
});
