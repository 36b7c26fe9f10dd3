import { getAssignInstruction } from '@solana-program/system';
import { address, createKeyPairSignerFromBytes, createSolanaRpc, devnet } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { newRecipientKeyPair, openSealedKey } from '@shared/trust/sealed-key';
import { createListing } from '@tests/helpers/factories';
import { fundedSigner, waitUntil } from '@tests/helpers/local-chain';
import { sendInstructions } from '@tests/helpers/local-chain-tokens';
import type { SignedInWallet } from '@tests/helpers/wallet';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import {
  balanceOf,
  confirm,
  countRows,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  SOL,
  verify,
} from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { buyerWithListing, fundedBuyer, paidPurchase } from '@tests/helpers/purchase-flows';
import { readPurchase, settle, SIGNATURE_FEE } from '@tests/helpers/purchase-escrow';

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** Buy is idempotent per buyer and listing; reveal takes `{}` as "not sealed". */
const ctx = usePurchaseApp({ admin: true });

const initiateAudits = (listingId: string) =>
  countRows(ctx.t, 'transaction_audit', `action = 'purchase.initiate' and metadata->>'addressId' = '${listingId}'`);

describe('initiate is idempotent per buyer and listing', () => {
  it('a repeat by the buyer holding the reservation answers 200 with the same purchase and counts once', async () => {
    const [a, b, c] = [
      (await createListing(ctx.t, { seller: ctx.admin, price: '0.5' })).listing,
      (await createListing(ctx.t, { seller: ctx.admin, price: '0.5' })).listing,
      (await createListing(ctx.t, { seller: ctx.admin, price: '0.5' })).listing,
    ];
    const buyer = await fundedBuyer(ctx);
    const first = await initiate(ctx.t, buyer, a);
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1) {
      const again = await initiate(ctx.t, buyer, a);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await countRows(ctx.t, 'transactions', `address_id = '${a.id}'`)).toBe(1);
    expect(await initiateAudits(a.id)).toBe(1);

    // MAX_OPEN_RESERVATIONS is 2: the repeats did not use the allowance, so a second listing is still allowed, and
    // a third is refused as before.
    await initiateOk(ctx.t, buyer, b);
    const third = await initiate(ctx.t, buyer, c);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('TOO_MANY_RESERVATIONS');
    // And the listing held stays the buyer's: repeating it at the cap still answers the same purchase.
    expect((await initiate(ctx.t, buyer, a)).json().transactionId).toBe(first.json().transactionId);
  });

  it('a different buyer may start a purchase too: both pay, the first landed buys the key, the other is refunded', async () => {
    const { listing, keypair } = await createListing(ctx.t, { seller: ctx.admin, price: '0.5' });
    const buyer = await fundedBuyer(ctx);
    const other = await fundedBuyer(ctx);
    const sellerBefore = await balanceOf(ctx.chain, ctx.admin.walletAddress);
    const otherBefore = await balanceOf(ctx.chain, other.walletAddress);

    // A reservation is a notice, not a lock: the second buyer gets a purchase of their own, with its own escrow.
    const first = await initiateOk(ctx.t, buyer, listing);
    const secondRes = await initiate(ctx.t, other, listing);
    expect(secondRes.statusCode).toBe(201);
    const second = secondRes.json() as InitiatePurchaseResponse;
    expect(second.transactionId).not.toBe(first.transactionId);
    expect(second.payment.recipient).not.toBe(first.payment.recipient);
    expect(await countRows(ctx.t, 'transactions', `address_id = '${listing.id}'`)).toBe(2);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');

    const firstTx = await pay(ctx.chain, buyer, first.payment);
    const secondTx = await pay(ctx.chain, other, second.payment);
    // The later payment is confirmed first: the order the payments landed in decides, not who asks first.
    const lost = await confirm(ctx.t, other, second.transactionId, secondTx);
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toMatchObject({
      status: 'failed',
      failureKind: 'refunded',
      failureCode: 'LOST_RACE',
      disputeReason: expect.stringMatching(/^Refunded: another payment landed first\./),
    });
    const nudged = await verify(ctx.t, other, second.transactionId);
    expect(nudged.statusCode).toBe(409);
    expect(nudged.json().error).toBe('PAYMENT_REFUNDED');
    const won = await confirm(ctx.t, buyer, first.transactionId, firstTx);
    expect(won.statusCode).toBe(200);
    expect(won.json().status).toMatch(/verified|completed/);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });
    expect((await reveal(ctx.t, buyer, first.transactionId)).json().privateKey).toBe(keypair.forms.base58Secret);
    expect((await reveal(ctx.t, other, second.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');

    // Once the verifier ran, the payout and the refund have landed: one sale, and the loser out of two fees only.
    await settle(ctx.t);
    expect((await balanceOf(ctx.chain, ctx.admin.walletAddress)) - sellerBefore).toBe(SOL / 2n);
    expect(await balanceOf(ctx.chain, other.walletAddress)).toBe(otherBefore - 2n * SIGNATURE_FEE);
    expect(await balanceOf(ctx.chain, first.payment.recipient)).toBe(0n);
    expect(await balanceOf(ctx.chain, second.payment.recipient)).toBe(0n);
    const refunded = await readPurchase(ctx.t, second.transactionId, other);
    expect(refunded).toMatchObject({
      payoutSignature: null,
      refundedLamports: (BigInt(second.payment.lamports) - SIGNATURE_FEE).toString(),
    });
    expect(refunded.refundSignatures).toHaveLength(1);
    expect((await readPurchase(ctx.t, first.transactionId, buyer)).payoutSignature).toEqual(expect.any(String));
  });

  it('a second buyer of a listing someone is checking out passes the account-safety checks too', async () => {
    const { listing, keypair } = await createListing(ctx.t, { seller: ctx.admin, price: '0.5' });
    const first = await fundedBuyer(ctx);
    const second = await fundedBuyer(ctx);
    await initiateOk(ctx.t, first, listing);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');

    // The seller, who holds the key, hands the address to a program while the first buyer is checking out.
    const rpc = createSolanaRpc(devnet(ctx.chain.url));
    const payer = await fundedSigner(rpc, SOL);
    await fund(ctx.chain, keypair.address, SOL);
    await sendInstructions(rpc, payer, [
      getAssignInstruction({
        account: await createKeyPairSignerFromBytes(keypair.secretKey),
        programAddress: address(MEMO_PROGRAM),
      }),
    ]);
    await waitUntil(
      async () =>
        (await rpc.getAccountInfo(address(keypair.address), { commitment: 'confirmed' }).send()).value?.owner ===
        MEMO_PROGRAM,
    );

    const refused = await initiate(ctx.t, second, listing);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('UNSAFE_ACCOUNT');
    expect(await countRows(ctx.t, 'transactions', `address_id = '${listing.id}'`)).toBe(1);
  });

  it('a double click (two initiates at once) makes one purchase and answers it to both', async () => {
    const { listing, buyer } = await buyerWithListing(ctx, { seller: ctx.admin, price: '0.5' });
    const both = await Promise.all([initiate(ctx.t, buyer, listing), initiate(ctx.t, buyer, listing)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0]!.json().transactionId).toBe(both[1]!.json().transactionId);
    expect(both[0]!.json().payment).toEqual(both[1]!.json().payment);
    expect(await countRows(ctx.t, 'transactions', `address_id = '${listing.id}'`)).toBe(1);
  });

  it('a paid purchase is not handed out again: the listing reads as not available', async () => {
    const { listing, buyer } = await paidPurchase(ctx, { seller: ctx.admin, price: '0.5' });
    const again = await initiate(ctx.t, buyer, listing);
    expect(again.statusCode).toBe(409);
    expect(await countRows(ctx.t, 'transactions', `address_id = '${listing.id}'`)).toBe(1);
  });
});

describe('reveal body', () => {
  async function bought() {
    const { listing, keypair, buyer, started } = await paidPurchase(ctx, { seller: ctx.admin, price: '0.25' });
    return { listing, keypair, buyer, id: started.transactionId };
  }
  const post = (who: SignedInWallet, id: string, payload: unknown) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/reveal-private-key`,
      headers: { cookie: who.cookie, 'x-wallet-address': who.walletAddress, 'content-type': 'application/json' },
      payload: payload as object,
    });

  it('an empty JSON object means "not sealed": the plain key', async () => {
    const { keypair, buyer, id } = await bought();
    const res = await post(buyer, id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, privateKey: keypair.forms.base58Secret });
  });

  it('no body at all: the plain key', async () => {
    const { keypair, buyer, id } = await bought();
    const res = await reveal(ctx.t, buyer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, privateKey: keypair.forms.base58Secret });
  });

  it('a sealed body still answers ciphertext that opens to the key', async () => {
    const { listing, keypair, buyer, id } = await bought();
    const recipient = newRecipientKeyPair();
    const res = await post(buyer, id, { recipientPublicKey: recipient.publicKey });
    expect(res.statusCode).toBe(200);
    expect(res.json().privateKey).toBeUndefined();
    const opened = await openSealedKey({
      sealed: res.json().sealed,
      recipientSecretKey: recipient.secretKey,
      transactionId: id,
      address: listing.address,
    });
    expect(new TextDecoder().decode(opened)).toBe(keypair.forms.base58Secret);
  });

  it('a wrong body is a 400 whose message names the field, and reveals nothing', async () => {
    const { buyer, id } = await bought();
    const res = await post(buyer, id, { recipientPublicKey: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
    expect(res.json().message).toBe('body.recipientPublicKey: Invalid input: expected string, received number');
    expect(await countRows(ctx.t, 'transaction_audit', `action = 'key.reveal' and transaction_id = '${id}'`)).toBe(0);
  });
});
