import { getTransferSolInstruction } from '@solana-program/system';
import { address as toAddress, getAddressEncoder, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SafetyReport } from '@shared/api/trust';
import { knownAddresses } from '@server/db/schema';
import { fundedSigner, waitUntil } from '@tests/helpers/local-chain';
import {
  closeTestMint,
  createAssociatedTokenAccount,
  createTestMint,
  createTestTokenAccount,
  freezeTokenAccount,
  reassignTokenAccount,
  sendInstructions,
  TOKEN_2022_PROGRAM_ADDRESS,
  type TestMint,
} from '@tests/helpers/local-chain-tokens';
import { createAdmin, createListing, listingTableCounts } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { postAccount } from '@tests/helpers/pay';
import { countRows, initiate, initiateOk, listingStatus, SOL } from '@tests/helpers/purchases';
import { fundedBuyer } from '@tests/helpers/purchase-flows';
import { checkNamed, ownerView, signerOf, useSafetySuite } from '@tests/helpers/safety-suite';
import { lookalikeOf } from '@tests/helpers/lookalike';

/**
 * The third hardening round of docs/reliability.md#threat-model: the account-safety checks judge harm, not presence.
 * What anyone can do to any address (open a token account, freeze one of their own mint, send dust) is `info` and keeps
 * the listing on sale; what gives someone else power over the address fails; and only the owner or an admin unlists
 * because of a check, never a purchase attempt or an anonymous Actions POST.
 */

const ctx = useSafetySuite();
let stranger: KeyPairSigner;
beforeAll(async () => {
  stranger = await fundedSigner(ctx.rpc, SOL);
});

const confirmed = { commitment: 'confirmed' } as const;

async function safety(id: string): Promise<SafetyReport> {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/addresses/${id}/safety?recheck=true` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Waits until the checks' `confirmed` reads see the account in the state `ready` describes. */
async function untilAccount(account: Address, ready: (data: Uint8Array | null) => boolean): Promise<void> {
  await waitUntil(async () => {
    const { value } = await ctx.rpc.getAccountInfo(account, { ...confirmed, encoding: 'base64' }).send();
    return ready(value ? new Uint8Array(Buffer.from(value.data[0], 'base64')) : null);
  });
}
/** Offsets in a token account's base layout: state (2 = frozen), owner, the delegate's option tag. */
const STATE_OFFSET = 108;
const OWNER_OFFSET = 32;
const DELEGATE_TAG_OFFSET = 72;
const ownedBy = (data: Uint8Array | null, owner: Address) =>
  data !== null &&
  Buffer.from(data.subarray(OWNER_OFFSET, OWNER_OFFSET + 32)).equals(Buffer.from(getAddressEncoder().encode(owner)));

const actionsPost = async (address: string) =>
  postAccount(ctx.t, `/api/actions/listings/${address}`, (await newWallet()).walletAddress);

describe('harmless states anyone can cause keep the listing on sale', () => {
  it("a stranger's frozen token account of their own mint: info, and an anonymous Actions POST does not unlist", async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const own: TestMint = await createTestMint(ctx.rpc, stranger, { freezeAuthority: stranger.address });
    const ata = await createAssociatedTokenAccount(ctx.rpc, stranger, own, toAddress(listing.address));
    await freezeTokenAccount(ctx.rpc, stranger, own, ata, stranger);
    await untilAccount(ata, (data) => data?.[STATE_OFFSET] === 2);

    const res = await actionsPost(listing.address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toEqual(expect.any(String));
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });

    const report = await safety(listing.id);
    expect(report.status).toBe('info');
    expect(checkNamed(report, 'no-token-accounts')).toEqual({
      name: 'no-token-accounts',
      status: 'info',
      detail: expect.stringMatching(
        new RegExp(
          `^1 token account opened for it, none giving anyone power over the address; harmless .*${ata} \\(mint .*frozen by its mint\\)$`,
        ),
      ),
    });
    // A signed-in buyer still buys it.
    const buyer = await fundedBuyer(ctx);
    await initiateOk(ctx.t, buyer, listing);
    expect((await listingStatus(ctx.t, listing.id))?.status).toBe('pending');
  });

  it("a stranger's dust reads as info, not 'Used before'", async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    await sendInstructions(ctx.rpc, stranger, [
      getTransferSolInstruction({
        source: stranger,
        destination: toAddress(listing.address),
        amount: lamports(1_000_000n), // 0.001 SOL
      }),
    ]);
    await waitUntil(
      async () =>
        (await ctx.rpc.getSignaturesForAddress(toAddress(listing.address), { ...confirmed, limit: 5 }).send()).length >
        0,
    );
    const report = await safety(listing.id);
    expect(checkNamed(report, 'never-used')).toEqual({
      name: 'never-used',
      status: 'info',
      detail: expect.stringMatching(
        /^Never signed a transaction; received 1 transaction from others \(the last .*\); harmless$/,
      ),
    });
    expect(report.status).toBe('info');
    expect(JSON.stringify(report)).not.toContain('Used before');
  });

  it("a Token-2022 account of a stranger's mint with a permanent delegate is info: it reaches only that mint's tokens", async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const own = await createTestMint(ctx.rpc, stranger, {
      programId: TOKEN_2022_PROGRAM_ADDRESS,
      permanentDelegate: stranger.address,
    });
    const ata = await createAssociatedTokenAccount(ctx.rpc, stranger, own, toAddress(listing.address));
    await untilAccount(ata, (data) => data !== null);
    const report = await safety(listing.id);
    expect(checkNamed(report, 'no-token-accounts').status).toBe('info');
    expect(checkNamed(report, 'no-token-accounts').detail).toContain(`the mint's permanent delegate`);
    const res = await actionsPost(listing.address);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('states that give someone else power fail', () => {
  it('fails an address whose associated token account was handed to another owner, and refuses to sell it', async () => {
    const { listing, keypair } = await createListing(ctx.t, { price: '0.2' });
    const mint = await createTestMint(ctx.rpc, ctx.payer);
    const ata = await createAssociatedTokenAccount(ctx.rpc, ctx.payer, mint, toAddress(listing.address));
    const thief = (await fundedSigner(ctx.rpc, SOL)).address;
    await reassignTokenAccount(ctx.rpc, ctx.payer, mint, ata, await signerOf(keypair), thief);
    await untilAccount(ata, (data) => ownedBy(data, thief));

    const report = await safety(listing.id);
    expect(report.status).toBe('fail');
    expect(checkNamed(report, 'no-token-accounts')).toEqual({
      name: 'no-token-accounts',
      status: 'fail',
      detail: `Associated token account ${ata} (mint ${mint.address.slice(0, 4)}…${mint.address.slice(-4)}) is owned by ${thief}, not the address`,
    });
    const buyer = await fundedBuyer(ctx);
    const refused = await initiate(ctx.t, buyer, listing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe('UNSAFE_ACCOUNT');
  });

  it('refuses to list a delegated Token-2022 account whose mint was closed (the node answers it unparsed)', async () => {
    const admin = await createAdmin(ctx.t);
    const owner = newKeypair();
    const thief = (await fundedSigner(ctx.rpc, SOL)).address;
    const mint = await createTestMint(ctx.rpc, ctx.payer, {
      programId: TOKEN_2022_PROGRAM_ADDRESS,
      mintCloseAuthority: ctx.payer.address,
    });
    const token = await createTestTokenAccount(ctx.rpc, ctx.payer, mint, {
      owner: await signerOf(owner),
      delegate: thief,
    });
    await closeTestMint(ctx.rpc, ctx.payer, mint, ctx.payer);
    await untilAccount(mint.address, (data) => data === null);
    // What the attack relied on: the node cannot parse the account without its mint, so jsonParsed answers bytes.
    const { value } = await ctx.rpc
      .getTokenAccountsByOwner(
        toAddress(owner.address),
        { programId: TOKEN_2022_PROGRAM_ADDRESS },
        { ...confirmed, encoding: 'jsonParsed' },
      )
      .send();
    expect(Array.isArray(value[0]?.account.data)).toBe(true);

    const before = await listingTableCounts(ctx.t);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { cookie: admin.cookie },
      payload: { address: owner.address, price: '1', privateKey: owner.forms.base58Secret },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'UNSAFE_ACCOUNT',
      message: `This address failed the account-safety checks: no-token-accounts: Token account ${token} has delegate ${thief}`,
    });
    expect(await listingTableCounts(ctx.t)).toEqual(before);
  });
});

describe('only the owner or an admin unlists because of a check', () => {
  it('a purchase attempt and an anonymous Actions POST refuse a failing address but never unlist it; an admin re-check does', async () => {
    const { listing, keypair, seller } = await createListing(ctx.t, { price: '0.2' });
    const mint = await createTestMint(ctx.rpc, ctx.payer);
    const thief = (await fundedSigner(ctx.rpc, SOL)).address;
    const token = await createTestTokenAccount(ctx.rpc, ctx.payer, mint, {
      owner: await signerOf(keypair),
      amount: 1n,
      delegate: thief,
    });
    await untilAccount(token, (data) => data?.[DELEGATE_TAG_OFFSET] === 1);
    const reason = `no-token-accounts: Token account ${token} has delegate ${thief}`;

    const action = await actionsPost(listing.address);
    expect(action.statusCode, action.body).toBe(409);
    expect(action.json().message).toContain(reason);
    const buyer = await fundedBuyer(ctx);
    const refused = await initiate(ctx.t, buyer, listing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });
    expect(await countRows(ctx.t, 'transaction_audit', `action = 'listing.unlist_unsafe'`)).toBe(0);

    // A buyer may not use the admins' re-check; an admin (any admin: every owner is one) may.
    const notAdmin = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/safety`,
      headers: { cookie: buyer.cookie },
    });
    expect(notAdmin.statusCode, notAdmin.body).toBe(403);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: true });

    const recheck = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/safety`,
      headers: { cookie: seller.cookie },
    });
    expect(recheck.statusCode, recheck.body).toBe(200);
    expect(recheck.json()).toMatchObject({ status: 'fail', unlisted: true });
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'available', is_listed: false });
    expect((await ownerView(ctx.t, seller, listing.id))?.unlistedReason).toContain(reason);
    expect(await countRows(ctx.t, 'transaction_audit', `action = 'listing.unlist_unsafe'`)).toBe(1);
  });
});

describe('known addresses never turn a listing into its own look-alike', () => {
  const addKnown = (cookie: string, address: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/known-addresses',
      headers: { cookie },
      payload: { address, label: 'Not my listing' },
    });

  it("refuses another admin's listed address, or a look-alike of it, with 409; the listing still sells", async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    const otherAdmin = await createAdmin(ctx.t);
    const before = await countRows(ctx.t, 'known_addresses');

    const exact = await addKnown(otherAdmin.cookie, listing.address);
    expect(exact.statusCode, exact.body).toBe(409);
    expect(exact.json()).toEqual({
      error: 'KNOWN_ADDRESS_LISTED',
      message: 'This address is listed in the shop: it cannot be added to the look-alike list',
    });
    const similar = lookalikeOf(listing.address);
    const near = await addKnown(otherAdmin.cookie, similar);
    expect(near.statusCode, near.body).toBe(409);
    expect(near.json().error).toBe('KNOWN_ADDRESS_LISTED');
    expect(near.json().message).toContain(`looks like the listed address ${listing.address}`);
    expect(await countRows(ctx.t, 'known_addresses')).toBe(before);
    // An unrelated address is still accepted.
    expect((await addKnown(otherAdmin.cookie, newKeypair().address)).statusCode).toBe(201);

    const buyer = await fundedBuyer(ctx);
    await initiateOk(ctx.t, buyer, listing);
  });

  it('does not count an exact entry of the listed address (added before this rule) as a look-alike at initiate', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.2' });
    await ctx.t.database.db.insert(knownAddresses).values({ address: listing.address, label: 'Old entry' });
    const report = await safety(listing.id);
    expect(checkNamed(report, 'not-look-alike').status).toBe('pass');
    const buyer = await fundedBuyer(ctx);
    await initiateOk(ctx.t, buyer, listing);
    expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'pending', is_listed: true });
  });
});
