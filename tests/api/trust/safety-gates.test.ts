import { getAssignInstruction, getTransferSolInstruction } from '@solana-program/system';
import { address as toAddress, lamports } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundedSigner, waitUntil } from '@tests/helpers/local-chain';
import { createTestTokenAccount, sendInstructions, TOKEN_PROGRAM_ADDRESS } from '@tests/helpers/local-chain-tokens';
import type { CreateListingResponse, Listing } from '@shared/api/listings';
import { newRecipientKeyPair, openSealedKey } from '@shared/trust/sealed-key';
import { createAdmin, createListing, listingTableCounts } from '@tests/helpers/factories';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { postAccount } from '@tests/helpers/pay';
import { countRows, initiate, initiateOk, listingStatus, reveal, SOL } from '@tests/helpers/purchases';
import { fundedBuyer, paidPurchase } from '@tests/helpers/purchase-flows';
import { ownerView, signerOf, useSafetySuite } from '@tests/helpers/safety-suite';

/**
 * The account-safety checks (docs/domain.md#account-safety-checks) at create, bulk create, initiate (web and Actions)
 * and reveal, against real transactions on the local validator. (The public read and the single-create refusal of an
 * assigned address and a delegate are in safety.test.ts.)
 */

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

const ctx = useSafetySuite();
let thief: string;
beforeAll(async () => {
  thief = (await fundedSigner(ctx.rpc, SOL)).address;
});

const confirmed = { commitment: 'confirmed' } as const;

/** The seller's booby traps, each a real transaction, waited for until the checks' `confirmed` reads see it. */
const tamper = {
  async assign(k: TestKeypair): Promise<void> {
    await ctx.chain.validator.airdrop(k.address, SOL);
    await sendInstructions(ctx.rpc, ctx.payer, [
      getAssignInstruction({ account: await signerOf(k), programAddress: toAddress(MEMO_PROGRAM) }),
    ]);
    await waitUntil(
      async () => (await ctx.rpc.getAccountInfo(toAddress(k.address), confirmed).send()).value?.owner === MEMO_PROGRAM,
    );
  },
  async tokenAccount(k: TestKeypair, trap: { delegate?: string; closeAuthority?: string }): Promise<string> {
    const token = await createTestTokenAccount(ctx.rpc, ctx.payer, ctx.mint, {
      owner: await signerOf(k),
      amount: 1n,
      ...(trap.delegate ? { delegate: toAddress(trap.delegate) } : {}),
      ...(trap.closeAuthority ? { closeAuthority: toAddress(trap.closeAuthority) } : {}),
    });
    await waitUntil(async () => {
      const { value } = await ctx.rpc
        .getTokenAccountsByOwner(
          toAddress(k.address),
          { programId: TOKEN_PROGRAM_ADDRESS },
          { ...confirmed, encoding: 'jsonParsed' },
        )
        .send();
      const info = (value[0]?.account.data as { parsed?: { info?: Record<string, unknown> } } | undefined)?.parsed
        ?.info;
      return Boolean(info && (!trap.delegate || info.delegate) && (!trap.closeAuthority || info.closeAuthority));
    });
    return token;
  },
  async use(k: TestKeypair): Promise<void> {
    await ctx.chain.validator.airdrop(k.address, SOL);
    const spender = await signerOf(k);
    await sendInstructions(ctx.rpc, spender, [
      getTransferSolInstruction({ source: spender, destination: ctx.payer.address, amount: lamports(1000n) }),
    ]);
    await waitUntil(
      async () =>
        (await ctx.rpc.getSignaturesForAddress(toAddress(k.address), { ...confirmed, limit: 5 }).send()).length > 1,
    );
  },
};

const assignedReason = `system-owned: The account is owned by program ${MEMO_PROGRAM}, not the System Program`;

/** The owner's re-check (POST /api/addresses/:id/safety), which unlists a failing listing. */
async function recheck(seller: { cookie: string }, id: string): Promise<void> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `/api/addresses/${id}/safety`,
    headers: { cookie: seller.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'fail', unlisted: true });
}

describe('account-safety checks at single create', () => {
  it('refuses a token owner with a close authority and stores nothing; passes a used address with its warning', async () => {
    const admin = await createAdmin(ctx.t);
    const closable = newKeypair();
    const token = await tamper.tokenAccount(closable, { closeAuthority: thief });
    const before = await listingTableCounts(ctx.t);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { cookie: admin.cookie },
      payload: { address: closable.address, price: '1', privateKey: closable.forms.base58Secret },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'UNSAFE_ACCOUNT',
      message: `This address failed the account-safety checks: no-token-accounts: Token account ${token} has close authority ${thief}`,
    });
    expect(await listingTableCounts(ctx.t)).toEqual(before);

    // History only warns: the listing is created, and the answer says what the checks saw.
    const used = newKeypair();
    await tamper.use(used);
    const listing: CreateListingResponse = (await createListing(ctx.t, { keypair: used, seller: admin })).listing;
    expect(listing.address).toBe(used.address);
    expect(listing.safetyWarnings).toEqual([
      {
        name: 'never-used',
        status: 'warn',
        detail: expect.stringMatching(
          /^Used before: 1 transaction signed by this address, the last \d{4}-\d\d-\d\dT[\d:.]+Z$/,
        ),
      },
    ]);
    // A clean address answers the plain listing, without the field.
    const clean: CreateListingResponse = (await createListing(ctx.t, { seller: admin })).listing;
    expect(clean).not.toHaveProperty('safetyWarnings');
  });

  it('declares the warnings in the OpenAPI document of single create', async () => {
    const doc = (await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const created = doc.paths['/api/addresses'].post.responses['201'].content['application/json'].schema;
    expect(created.properties.safetyWarnings).toMatchObject({ type: 'array' });
    expect(created.required).not.toContain('safetyWarnings');
  });
});

describe('account-safety checks at bulk create', () => {
  it('refuses the assigned row with its reason and stores the rest', async () => {
    const admin = await createAdmin(ctx.t);
    const assigned = newKeypair();
    const delegated = newKeypair();
    const closable = newKeypair();
    const used = newKeypair();
    const clean = newKeypair();
    await tamper.assign(assigned);
    await tamper.tokenAccount(delegated, { delegate: thief });
    const closableToken = await tamper.tokenAccount(closable, { closeAuthority: thief });
    await tamper.use(used);
    const rows = [clean, assigned, delegated, closable, used].map((k) => ({
      address: k.address,
      privateKey: k.forms.base58Secret,
      price: '1',
    }));
    const before = await listingTableCounts(ctx.t);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: admin.cookie },
      payload: { addressData: rows, walletAddress: admin.walletAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Bulk reads only `system-owned` (getMultipleAccounts): token accounts and history are checked at initiate.
    expect(body.errors).toEqual([`Line 2: account-safety check failed: ${assignedReason}`]);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual([
      'success',
      'failed',
      'success',
      'success',
      'success',
    ]);
    expect(body.successful).toBe(4);
    const after = await listingTableCounts(ctx.t);
    expect(after.addresses - before.addresses).toBe(4);
    expect(after.encrypted_keys - before.encrypted_keys).toBe(4);
    expect(await countRows(ctx.t, 'addresses', `address = '${assigned.address}'`)).toBe(0);

    // The close authority bulk stored is caught by the full checks at initiate.
    const stored = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/by-address/${closable.address}` });
    expect(stored.statusCode, stored.body).toBe(200);
    const buyer = await fundedBuyer(ctx);
    const refused = await initiate(ctx.t, buyer, stored.json());
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `This address failed the account-safety checks and cannot be bought: no-token-accounts: Token account ${closableToken} has close authority ${thief}`,
    );
  });

  it('checks rows of many getMultipleAccounts batches, the failing one among them', async () => {
    const admin = await createAdmin(ctx.t);
    const assigned = newKeypair();
    await tamper.assign(assigned);
    const keys = Array.from({ length: 250 }, () => newKeypair());
    keys.splice(217, 0, assigned); // line 218: in the third batch of 100
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: admin.cookie },
      payload: {
        addressData: keys.map((k) => ({ address: k.address, privateKey: k.forms.base58Secret, price: '1' })),
        walletAddress: admin.walletAddress,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([`Line 218: account-safety check failed: ${assignedReason}`]);
    expect(res.json().successful).toBe(250);
  });
});

describe('account-safety checks at initiate', () => {
  // A purchase attempt refuses a failing address but never unlists it; the owner's (or an admin's) re-check
  // does, and shows the owner why.
  it("refuses an address assigned after listing, reserving nothing; the owner's re-check unlists it and shows why", async () => {
    const { listing, keypair, seller } = await createListing(ctx.t, { price: '0.2' });
    await tamper.assign(keypair);
    const buyer = await fundedBuyer(ctx);
    const before = await countRows(ctx.t, 'transactions');

    const res = await initiate(ctx.t, buyer, listing);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'UNSAFE_ACCOUNT',
      message: `This address failed the account-safety checks and cannot be bought: ${assignedReason}`,
    });
    expect(await countRows(ctx.t, 'transactions')).toBe(before);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });

    await recheck(seller, listing.id);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: false });
    const mine = await ownerView(ctx.t, seller, listing.id);
    expect(mine?.isListed).toBe(false);
    expect(mine?.unlistedReason).toMatch(
      /^Unlisted by the shop at \d{4}-\d\d-\d\dT[^:]+:\d\d:\d\d\.\d+Z: the address failed the account-safety checks/,
    );
    expect(mine?.unlistedReason).toContain(assignedReason);
    // Off the market: the marketplace search finds it no more (it finds a listed one by the same query), and a
    // stranger reading it by address sees it unlisted, never the reason.
    const search = async (a: string) =>
      (await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/search?query=${a}` })).json()
        .addresses as Listing[];
    expect(await search(listing.address)).toEqual([]);
    const listed = await createListing(ctx.t, { price: '0.2' });
    expect((await search(listed.listing.address)).map((l) => l.id)).toEqual([listed.listing.id]);
    const stranger = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/by-address/${listing.address}` });
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.json().isListed).toBe(false);
    expect(stranger.body).not.toContain('Unlisted by the shop');
    expect(await countRows(ctx.t, 'transaction_audit', `action = 'listing.unlist_unsafe'`)).toBeGreaterThan(0);
  });

  it('refuses a token account with a delegate; passes a used address and a clean one', async () => {
    const trapped = await createListing(ctx.t, { price: '0.2' });
    const token = await tamper.tokenAccount(trapped.keypair, { delegate: thief });
    const used = await createListing(ctx.t, { price: '0.2' });
    await tamper.use(used.keypair);
    const clean = await createListing(ctx.t, { price: '0.2' });
    const buyer = await fundedBuyer(ctx);

    const refused = await initiate(ctx.t, buyer, trapped.listing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `This address failed the account-safety checks and cannot be bought: no-token-accounts: Token account ${token} has delegate ${thief}`,
    );
    expect((await listingStatus(ctx.t, trapped.listing.id))?.is_listed).toBe(true);

    await initiateOk(ctx.t, buyer, used.listing); // history warns, it does not refuse
    expect((await listingStatus(ctx.t, used.listing.id))?.status).toBe('pending');
    const other = await fundedBuyer(ctx);
    await initiateOk(ctx.t, other, clean.listing);
  });

  it("refuses a token account with a close authority; the owner's re-check unlists it", async () => {
    const { listing, keypair, seller } = await createListing(ctx.t, { price: '0.2' });
    const token = await tamper.tokenAccount(keypair, { closeAuthority: thief });
    const buyer = await fundedBuyer(ctx);
    const before = await countRows(ctx.t, 'transactions');

    const res = await initiate(ctx.t, buyer, listing);
    expect(res.statusCode, res.body).toBe(409);
    const reason = `no-token-accounts: Token account ${token} has close authority ${thief}`;
    expect(res.json()).toMatchObject({
      error: 'UNSAFE_ACCOUNT',
      message: `This address failed the account-safety checks and cannot be bought: ${reason}`,
    });
    expect(await countRows(ctx.t, 'transactions')).toBe(before);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });
    await recheck(seller, listing.id);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: false });
    expect((await ownerView(ctx.t, seller, listing.id))?.unlistedReason).toContain(reason);
  });

  it('refuses a Solana Actions purchase of a tampered address the same way, without unlisting it', async () => {
    const { listing, keypair } = await createListing(ctx.t, { price: '0.2' });
    await tamper.assign(keypair);
    const before = await countRows(ctx.t, 'transactions');
    const res = await postAccount(ctx.t, `/api/actions/listings/${listing.address}`, (await newWallet()).walletAddress);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(assignedReason);
    expect(await countRows(ctx.t, 'transactions')).toBe(before);
    expect((await listingStatus(ctx.t, listing.id))?.is_listed).toBe(true);
  });
});

describe('account-safety checks before every reveal', () => {
  async function bought() {
    const { listing, keypair, buyer, started } = await paidPurchase(ctx, { price: '0.2' });
    return { listing, keypair, buyer, id: started.transactionId };
  }

  it('still reveals the key of an address trapped after the sale, with a warning naming what changed and when', async () => {
    const { keypair, buyer, id, listing } = await bought();
    // Clean at the sale: no warning.
    const first = await reveal(ctx.t, buyer, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, privateKey: keypair.forms.base58Secret });

    const token = await tamper.tokenAccount(keypair, { closeAuthority: thief });
    const res = await reveal(ctx.t, buyer, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.privateKey).toBe(keypair.forms.base58Secret);
    const change = `no-token-accounts: Token account ${token} has close authority ${thief}`;
    expect(body.safetyWarning.failed).toEqual([
      { name: 'no-token-accounts', status: 'fail', detail: `Token account ${token} has close authority ${thief}` },
    ]);
    expect(Date.now() - Date.parse(body.safetyWarning.checkedAt)).toBeLessThan(30_000);
    expect(Number(body.safetyWarning.slot)).toBeGreaterThan(0);
    expect(body.safetyWarning.message).toContain(change);
    expect(body.safetyWarning.message).toContain(`As read at ${body.safetyWarning.checkedAt}`);

    // The sealed answer carries the same warning beside the ciphertext.
    const recipient = newRecipientKeyPair();
    const sealed = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/reveal-private-key`,
      headers: { cookie: buyer.cookie, 'x-wallet-address': buyer.walletAddress, 'content-type': 'application/json' },
      payload: { recipientPublicKey: recipient.publicKey },
    });
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.json().safetyWarning.failed.map((c: { name: string }) => c.name)).toEqual(['no-token-accounts']);
    const opened = await openSealedKey({
      sealed: sealed.json().sealed,
      recipientSecretKey: recipient.secretKey,
      transactionId: id,
      address: listing.address,
    });
    expect(new TextDecoder().decode(opened)).toBe(keypair.forms.base58Secret);
  });

  it('warns at reveal for a token account with a delegate made after the sale', async () => {
    const { keypair, buyer, id } = await bought();
    const token = await tamper.tokenAccount(keypair, { delegate: thief });
    const res = await reveal(ctx.t, buyer, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().privateKey).toBe(keypair.forms.base58Secret);
    expect(res.json().safetyWarning.failed).toEqual([
      { name: 'no-token-accounts', status: 'fail', detail: `Token account ${token} has delegate ${thief}` },
    ]);
    expect(res.json().safetyWarning.message).toContain(
      `no-token-accounts: Token account ${token} has delegate ${thief}`,
    );
  });

  it('reveals an address used after the sale without a warning: history only warns, and reveal warns on a fail', async () => {
    const { keypair, buyer, id } = await bought();
    await tamper.use(keypair);
    const res = await reveal(ctx.t, buyer, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, privateKey: keypair.forms.base58Secret });
  });

  it('warns at reveal for an address assigned to another program after the sale', async () => {
    const { keypair, buyer, id } = await bought();
    await tamper.assign(keypair);
    const res = await reveal(ctx.t, buyer, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().privateKey).toBe(keypair.forms.base58Secret);
    expect(res.json().safetyWarning.message).toContain(assignedReason);
  });
});
