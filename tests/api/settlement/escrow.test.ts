import { getAssignInstruction } from '@solana-program/system';
import { address as toAddress, createKeyPairSignerFromBytes, createSolanaRpc, devnet } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { parseSolToLamports } from '@shared/money';
import type { InitiatePurchaseResponse, PurchaseView } from '@shared/api/transactions';
import { runVerifierOnce } from '@server/jobs';
import { fundedSigner, waitUntil, type TestRpc } from '@tests/helpers/local-chain';
import { sendInstructions } from '@tests/helpers/local-chain-tokens';
import { createAdmin, createListing } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { balanceOf, confirm, initiateOk, pay, reveal, SOL } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';

/**
 * Escrowed settlement (docs/domain.md#settlement) on the real local chain: every payment into a purchase's escrow
 * either buys the key (the seller gets exactly the price, the treasury exactly the commission, the escrow ends empty)
 * or comes back to the wallet that paid it within one verifier pass, and the ledger agrees with the chain for every
 * escrow.
 */

const FEE = 5_000n; // one signature: the buyer's own transaction, and each escrow payout or refund
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

let treasury: string;
/** The tests' own client, typed as the local-chain helpers expect. */
let rpc: TestRpc;

const ctx = usePurchaseApp({
  async env(chain) {
    rpc = createSolanaRpc(devnet(chain.url));
    treasury = (await fundedSigner(rpc, SOL)).address;
    return { TREASURY_WALLET: treasury };
  },
});

async function view(id: string, who?: SignedInWallet): Promise<PurchaseView> {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url: `/api/transactions/${id}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json() as PurchaseView;
}

/** The escrow's ledger balance: what reached it minus what left it, in the ledger's own rows. */
async function ledgerBalance(escrow: string): Promise<bigint> {
  const [row] = await ctx.t.database.query<{ n: string }>(
    `select (coalesce(sum(case when to_account = $1 then lamports else 0 end), 0)
           - coalesce(sum(case when from_account = $1 then lamports else 0 end), 0))::text as n
       from ledger_entries where escrow = $2`,
    [`escrow:${escrow}`, escrow],
  );
  return BigInt(row?.n ?? '0');
}

/** Every escrow the test database knows balances against the chain, and every settled one is empty. */
async function expectLedgerMatchesChain(): Promise<void> {
  const escrows = await ctx.t.database.query<{ address: string }>('select address from escrow_keys');
  for (const { address } of escrows) {
    expect(await ledgerBalance(address), `escrow ${address}`).toBe(await balanceOf(ctx.chain, address));
  }
}

/** Two passes: the first decides and sends, the second sees the transfers landed and writes their ledger rows. */
async function settle(): Promise<void> {
  for (const pass of [1, 2]) {
    const report = await runVerifierOnce(ctx.t.deps());
    expect(report.errors, `pass ${pass}`).toEqual([]);
    // The worker's own check of the escrows it finished (docs/domain.md#ledger).
    expect(report.ledgerDifferences, `pass ${pass}`).toEqual([]);
  }
}

const buyer = () => fundedBuyer(ctx, 20n * SOL);

const total = (started: InitiatePurchaseResponse) => BigInt(started.payment.lamports);

describe('settlement through escrow', () => {
  it('a sale pays the seller exactly the price and the treasury exactly the commission, and empties the escrow', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '2' });
    const b = await buyer();
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const treasuryBefore = await balanceOf(ctx.chain, treasury);
    const buyerBefore = await balanceOf(ctx.chain, b.walletAddress);

    const started = await initiateOk(ctx.t, b, listing);
    const escrow = started.payment.recipient;
    expect(started.payment.reference).toBe(escrow);
    const commission = parseSolToLamports(started.feeCalculation.commissionFee);
    expect(commission).toBeGreaterThan(0n);
    expect(total(started)).toBe(2n * SOL + commission + FEE);
    const signature = await pay(ctx.chain, b, started.payment);
    expect((await confirm(ctx.t, b, started.transactionId, signature)).statusCode).toBe(200);
    expect((await reveal(ctx.t, b, started.transactionId)).statusCode).toBe(200); // the key unlocks at the decision
    await settle();

    expect(await balanceOf(ctx.chain, admin.walletAddress)).toBe(sellerBefore + 2n * SOL);
    expect(await balanceOf(ctx.chain, treasury)).toBe(treasuryBefore + commission);
    expect(await balanceOf(ctx.chain, escrow)).toBe(0n);
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(buyerBefore - total(started) - FEE);
    const v = await view(started.transactionId, b);
    expect(v).toMatchObject({ status: expect.stringMatching(/verified|completed/), escrow, refundSignatures: [] });
    expect(v.payoutSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    await expectLedgerMatchesChain();
  });

  it('an overpayment buys the key and the difference comes back with the payout', async () => {
    const { listing } = await createListing(ctx.t, { price: '1' });
    const b = await buyer();
    const before = await balanceOf(ctx.chain, b.walletAddress);
    const started = await initiateOk(ctx.t, b, listing);
    const signature = await pay(ctx.chain, b, started.payment, (p) => ({ ...p, lamports: p.lamports + SOL }));
    await confirm(ctx.t, b, started.transactionId, signature);
    await settle();
    const v = await view(started.transactionId, b);
    expect(v.status).toMatch(/verified|completed/);
    expect(v.refundedLamports).toBe(SOL.toString());
    expect(v.refundSignatures).toEqual([v.payoutSignature]);
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(before - total(started) - FEE);
    expect(await balanceOf(ctx.chain, started.payment.recipient)).toBe(0n);
    await expectLedgerMatchesChain();
  });

  it('a double payment: the first buys the key, the second comes back within one verifier pass', async () => {
    const { listing } = await createListing(ctx.t, { price: '1' });
    const b = await buyer();
    const before = await balanceOf(ctx.chain, b.walletAddress);
    const started = await initiateOk(ctx.t, b, listing);
    const first = await pay(ctx.chain, b, started.payment);
    await confirm(ctx.t, b, started.transactionId, first);
    // One lamport more: the same payment again could be the very same transaction (same blockhash within a slot),
    // which the chain refuses as already processed.
    await pay(ctx.chain, b, started.payment, (p) => ({ ...p, lamports: p.lamports + 1n }));
    expect((await runVerifierOnce(ctx.t.deps())).errors).toEqual([]);
    // One pass: the second payment is back on chain (minus its fee and the refund's), the sale stands.
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(before - total(started) - 2n * FEE - FEE);
    expect(await balanceOf(ctx.chain, started.payment.recipient)).toBe(0n);
    await settle();
    const v = await view(started.transactionId, b);
    expect(v.status).toMatch(/verified|completed/);
    expect(v.refundSignatures).toHaveLength(1);
    expect(v.refundedLamports).toBe((total(started) + 1n - FEE).toString());
    await expectLedgerMatchesChain();
  });

  it('a short payment is refused and refunded within one verifier pass; the listing stays for sale', async () => {
    const { listing } = await createListing(ctx.t, { price: '1' });
    const b = await buyer();
    const before = await balanceOf(ctx.chain, b.walletAddress);
    const started = await initiateOk(ctx.t, b, listing);
    const signature = await pay(ctx.chain, b, started.payment, (p) => ({ ...p, lamports: p.lamports - 1n }));
    const confirmed = await confirm(ctx.t, b, started.transactionId, signature);
    expect(confirmed.statusCode).toBe(422);
    expect(confirmed.json().error).toBe('AMOUNT_TOO_LOW');
    expect((await runVerifierOnce(ctx.t.deps())).errors).toEqual([]);
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(before - 2n * FEE);
    await settle();
    const v = await view(started.transactionId, b);
    expect(v).toMatchObject({ status: 'failed', failureKind: 'refunded', failureCode: 'AMOUNT_TOO_LOW' });
    expect(v.refundSignatures).toHaveLength(1);
    const listed = await ctx.t.database.query<{ status: string }>('select status from addresses where id = $1', [
      listing.id,
    ]);
    expect(listed[0]?.status).toBe('available');
    await expectLedgerMatchesChain();
  });

  it('a late payment after the reservation expired is a sale while the address is still for sale', async () => {
    const { listing } = await createListing(ctx.t, { price: '1' });
    const b = await buyer();
    const started = await initiateOk(ctx.t, b, listing);
    expect((await runVerifierOnce(ctx.t.deps(16 * 60_000))).expired).toBeGreaterThanOrEqual(1);
    await pay(ctx.chain, b, started.payment);
    expect((await runVerifierOnce(ctx.t.deps(17 * 60_000))).errors).toEqual([]);
    expect((await view(started.transactionId, b)).status).toMatch(/verified|completed/);
    expect((await reveal(ctx.t, b, started.transactionId)).statusCode).toBe(200);
  });

  it('a late payment after the address was sold to someone else is refunded within one verifier pass', async () => {
    const { listing } = await createListing(ctx.t, { price: '1' });
    const late = await buyer();
    const winner = await buyer();
    const lateStarted = await initiateOk(ctx.t, late, listing);
    await runVerifierOnce(ctx.t.deps(16 * 60_000)); // expires unpaid
    const won = await initiateOk(ctx.t, winner, listing);
    await confirm(ctx.t, winner, won.transactionId, await pay(ctx.chain, winner, won.payment));
    const before = await balanceOf(ctx.chain, late.walletAddress);
    await pay(ctx.chain, late, lateStarted.payment);
    expect((await runVerifierOnce(ctx.t.deps(17 * 60_000))).errors).toEqual([]);
    expect(await balanceOf(ctx.chain, late.walletAddress)).toBe(before - FEE - FEE);
    await settle();
    expect(await view(lateStarted.transactionId, late)).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      disputeReason: expect.stringContaining('Refunded: another payment landed first'),
    });
    await expectLedgerMatchesChain();
  });

  it('a payment for a listing deleted meanwhile is refunded', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '1' });
    const b = await buyer();
    const started = await initiateOk(ctx.t, b, listing);
    // An unpaid reservation is only a notice: the seller may still delete.
    const deleted = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${listing.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const before = await balanceOf(ctx.chain, b.walletAddress);
    await pay(ctx.chain, b, started.payment);
    expect((await runVerifierOnce(ctx.t.deps())).errors).toEqual([]);
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(before - 2n * FEE);
    await settle();
    expect(await view(started.transactionId, b)).toMatchObject({
      failureKind: 'refunded',
      failureCode: 'LISTING_UNAVAILABLE',
    });
    await expectLedgerMatchesChain();
  });

  it('a seller cannot unlist, reprice or delete once a payment landed, and cannot keep it', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '1' });
    const b = await buyer();
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const started = await initiateOk(ctx.t, b, listing);
    await pay(ctx.chain, b, started.payment); // landed; nobody confirmed it, no verifier pass yet
    const patch = (payload: object) =>
      ctx.t.app.inject({
        method: 'PATCH',
        url: `/api/addresses/${listing.id}`,
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload,
      });
    for (const res of [
      await patch({ isListed: false }),
      await patch({ price: '5' }),
      await ctx.t.app.inject({
        method: 'DELETE',
        url: `/api/addresses/${listing.id}`,
        headers: { cookie: admin.cookie },
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('PAYMENT_LANDED');
    }
    await settle();
    expect((await view(started.transactionId, b)).status).toMatch(/verified|completed/);
    expect(await balanceOf(ctx.chain, admin.walletAddress)).toBe(sellerBefore + SOL);
    // Decided: the listing is sold, and edits answer as for any sold listing.
    expect((await patch({ isListed: false })).json().error).toBe('LISTING_SOLD');
  });

  it('a seller who unlisted before the payment landed gets nothing: the payment goes back', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '1' });
    const b = await buyer();
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const started = await initiateOk(ctx.t, b, listing);
    const unlisted = await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${listing.id}`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: { isListed: false },
    });
    expect(unlisted.statusCode).toBe(200);
    const before = await balanceOf(ctx.chain, b.walletAddress);
    await confirm(ctx.t, b, started.transactionId, await pay(ctx.chain, b, started.payment));
    await settle();
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(before - 2n * FEE);
    expect(await balanceOf(ctx.chain, admin.walletAddress)).toBe(sellerBefore);
    expect((await view(started.transactionId, b)).failureCode).toBe('LISTING_UNAVAILABLE');
  });

  it('an address Assigned to another program after initiate is refunded, not sold, and unlisted', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing, keypair } = await createListing(ctx.t, { seller: admin, price: '1' });
    const b = await buyer();
    const sellerBefore = await balanceOf(ctx.chain, admin.walletAddress);
    const started = await initiateOk(ctx.t, b, listing);
    // The seller holds the key: after the buyer's check, it hands the account to another program.
    await ctx.chain.validator.airdrop(keypair.address, SOL);
    const payer = await fundedSigner(rpc, SOL);
    const owner = await createKeyPairSignerFromBytes(keypair.secretKey);
    await sendInstructions(rpc, payer, [
      getAssignInstruction({ account: owner, programAddress: toAddress(MEMO_PROGRAM) }),
    ]);
    await waitUntil(
      async () =>
        (await ctx.chain.rpc.getAccountInfo(toAddress(keypair.address), { commitment: 'confirmed' }).send()).value
          ?.owner === MEMO_PROGRAM,
    );
    const before = await balanceOf(ctx.chain, b.walletAddress);
    await confirm(ctx.t, b, started.transactionId, await pay(ctx.chain, b, started.payment));
    await settle();
    expect(await view(started.transactionId, b)).toMatchObject({
      failureKind: 'refunded',
      failureCode: 'UNSAFE_ACCOUNT',
    });
    expect((await reveal(ctx.t, b, started.transactionId)).statusCode).not.toBe(200);
    expect(await balanceOf(ctx.chain, b.walletAddress)).toBe(before - 2n * FEE);
    expect(await balanceOf(ctx.chain, admin.walletAddress)).toBe(sellerBefore);
    const [row] = await ctx.t.database.query<{ is_listed: boolean; unlisted_reason: string | null }>(
      'select is_listed, unlisted_reason from addresses where id = $1',
      [listing.id],
    );
    expect(row).toMatchObject({ is_listed: false, unlisted_reason: expect.stringContaining('system-owned') });
    await expectLedgerMatchesChain();
  });

  it('the worker checks the ledger of each escrow it finishes, and names one that differs from the chain', async () => {
    const { listing } = await createListing(ctx.t, { price: '1' });
    const b = await buyer();
    const started = await initiateOk(ctx.t, b, listing);
    await confirm(ctx.t, b, started.transactionId, await pay(ctx.chain, b, started.payment));
    const escrow = started.payment.recipient;
    // A ledger row nothing on chain stands for (what a bug or a hand edit would leave), before the payout is finished.
    await ctx.t.database.query(
      `insert into ledger_entries (transaction_id, escrow, kind, from_account, to_account, lamports, signature, leg)
       values ($1, $2, 'receipt', 'payer:nobody', $3, 7, 'not-a-signature', 0)`,
      [started.transactionId, escrow, `escrow:${escrow}`],
    );
    const passes = [await runVerifierOnce(ctx.t.deps()), await runVerifierOnce(ctx.t.deps())];
    expect(passes.flatMap((p) => p.ledgerDifferences)).toEqual([
      `escrow ${escrow}: ledger 7 lamports, chain 0 lamports`,
    ]);
    await ctx.t.database.query(`delete from ledger_entries where signature = 'not-a-signature'`);
  });

  it('two buyers pay one listing: the first to land gets the key, the other its money back', async () => {
    const admin = await createAdmin(ctx.t);
    const { listing } = await createListing(ctx.t, { seller: admin, price: '1' });
    const [first, second] = [await buyer(), await buyer()];
    const a = await initiateOk(ctx.t, first, listing);
    const b = await initiateOk(ctx.t, second, listing); // the first one's checkout is a notice, not a lock
    expect(b.payment.recipient).not.toBe(a.payment.recipient);
    const before = await balanceOf(ctx.chain, second.walletAddress);
    const firstPaid = await pay(ctx.chain, first, a.payment);
    const secondPaid = await pay(ctx.chain, second, b.payment);
    // The later payment is confirmed first: landing order decides, not who asks first.
    await confirm(ctx.t, second, b.transactionId, secondPaid);
    await confirm(ctx.t, first, a.transactionId, firstPaid);
    await settle();
    expect((await reveal(ctx.t, first, a.transactionId)).statusCode).toBe(200);
    expect((await reveal(ctx.t, second, b.transactionId)).statusCode).not.toBe(200);
    const lost = await view(b.transactionId, second);
    expect(lost).toMatchObject({ failureKind: 'refunded', failureCode: 'LOST_RACE' });
    expect(lost.refundSignatures).toHaveLength(1);
    expect(await balanceOf(ctx.chain, second.walletAddress)).toBe(before - 2n * FEE);
    await expectLedgerMatchesChain();
  });
});
