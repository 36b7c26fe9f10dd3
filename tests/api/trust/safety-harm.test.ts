import { getTransferSolInstruction } from '@solana-program/system';
import {
  address as toAddress,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  devnet,
  getAddressEncoder,
  lamports,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnListing } from '@shared/api/listings';
import type { SafetyReport } from '@shared/api/trust';
import { isSolanaAddress } from '@shared/keys/base58';
import { knownAddresses } from '@server/db/schema';
import { fundedSigner, waitUntil, type TestRpc } from '@tests/helpers/local-chain';
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
import { createAdmin, createListing, createUser, listingTableCounts } from '@tests/helpers/factories';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { postAccount } from '@tests/helpers/pay';
import {
  countRows,
  createPurchaseApp,
  createTestChain,
  fund,
  initiate,
  initiateOk,
  listingStatus,
  SOL,
  type PurchaseTestApp,
  type TestChain,
} from '@tests/helpers/purchases';

/**
 * The third hardening round of docs/reliability.md#threat-model: the account-safety checks judge harm, not presence.
 * What anyone can do to any address (open a token account, freeze one of their own mint, send dust) is `info` and keeps
 * the listing on sale; what gives someone else power over the address fails; and only the owner or an admin unlists
 * because of a check, never a purchase attempt or an anonymous Actions POST.
 */

let chain: TestChain;
let t: PurchaseTestApp;
let rpc: TestRpc;
let payer: KeyPairSigner;
let stranger: KeyPairSigner;

beforeAll(async () => {
  chain = await createTestChain();
  t = await createPurchaseApp({ chain });
  rpc = createSolanaRpc(devnet(chain.url));
  payer = await fundedSigner(rpc, 10n * SOL);
  stranger = await fundedSigner(rpc, SOL);
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

const signerOf = (k: TestKeypair) => createKeyPairSignerFromBytes(k.secretKey);
const confirmed = { commitment: 'confirmed' } as const;

async function safety(id: string): Promise<SafetyReport> {
  const res = await t.app.inject({ method: 'GET', url: `/api/addresses/${id}/safety?recheck=true` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const check = (report: SafetyReport, name: string) => report.checks.find((c) => c.name === name)!;

/** Waits until the checks' `confirmed` reads see the account in the state `ready` describes. */
async function untilAccount(account: Address, ready: (data: Uint8Array | null) => boolean): Promise<void> {
  await waitUntil(async () => {
    const { value } = await rpc.getAccountInfo(account, { ...confirmed, encoding: 'base64' }).send();
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

async function ownerView(seller: { cookie: string }, id: string): Promise<OwnListing | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/addresses/user?pageSize=100',
    headers: { cookie: seller.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().addresses as OwnListing[]).find((l) => l.id === id);
}

const actionsPost = async (address: string) =>
  postAccount(t, `/api/actions/listings/${address}`, (await newWallet()).walletAddress);

describe('harmless states anyone can cause keep the listing on sale', () => {
  it("a stranger's frozen token account of their own mint: info, and an anonymous Actions POST does not unlist", async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    const own: TestMint = await createTestMint(rpc, stranger, { freezeAuthority: stranger.address });
    const ata = await createAssociatedTokenAccount(rpc, stranger, own, toAddress(listing.address));
    await freezeTokenAccount(rpc, stranger, own, ata, stranger);
    await untilAccount(ata, (data) => data?.[STATE_OFFSET] === 2);

    const res = await actionsPost(listing.address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().transaction).toEqual(expect.any(String));
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'available', is_listed: true });

    const report = await safety(listing.id);
    expect(report.status).toBe('info');
    expect(check(report, 'no-token-accounts')).toEqual({
      name: 'no-token-accounts',
      status: 'info',
      detail: expect.stringMatching(
        new RegExp(
          `^1 token account opened for it, none giving anyone power over the address; harmless .*${ata} \\(mint .*frozen by its mint\\)$`,
        ),
      ),
    });
    // A signed-in buyer still buys it.
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    await initiateOk(t, buyer, listing);
    expect((await listingStatus(t, listing.id))?.status).toBe('pending');
  });

  it("a stranger's dust reads as info, not 'Used before'", async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    await sendInstructions(rpc, stranger, [
      getTransferSolInstruction({
        source: stranger,
        destination: toAddress(listing.address),
        amount: lamports(1_000_000n), // 0.001 SOL
      }),
    ]);
    await waitUntil(
      async () =>
        (await rpc.getSignaturesForAddress(toAddress(listing.address), { ...confirmed, limit: 5 }).send()).length > 0,
    );
    const report = await safety(listing.id);
    expect(check(report, 'never-used')).toEqual({
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
    const { listing } = await createListing(t, { price: '0.2' });
    const own = await createTestMint(rpc, stranger, {
      programId: TOKEN_2022_PROGRAM_ADDRESS,
      permanentDelegate: stranger.address,
    });
    const ata = await createAssociatedTokenAccount(rpc, stranger, own, toAddress(listing.address));
    await untilAccount(ata, (data) => data !== null);
    const report = await safety(listing.id);
    expect(check(report, 'no-token-accounts').status).toBe('info');
    expect(check(report, 'no-token-accounts').detail).toContain(`the mint's permanent delegate`);
    const res = await actionsPost(listing.address);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('states that give someone else power fail', () => {
  it('fails an address whose associated token account was handed to another owner, and refuses to sell it', async () => {
    const { listing, keypair } = await createListing(t, { price: '0.2' });
    const mint = await createTestMint(rpc, payer);
    const ata = await createAssociatedTokenAccount(rpc, payer, mint, toAddress(listing.address));
    const thief = (await fundedSigner(rpc, SOL)).address;
    await reassignTokenAccount(rpc, payer, mint, ata, await signerOf(keypair), thief);
    await untilAccount(ata, (data) => ownedBy(data, thief));

    const report = await safety(listing.id);
    expect(report.status).toBe('fail');
    expect(check(report, 'no-token-accounts')).toEqual({
      name: 'no-token-accounts',
      status: 'fail',
      detail: `Associated token account ${ata} (mint ${mint.address.slice(0, 4)}…${mint.address.slice(-4)}) is owned by ${thief}, not the address`,
    });
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const refused = await initiate(t, buyer, listing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe('UNSAFE_ACCOUNT');
  });

  it('refuses to list a delegated Token-2022 account whose mint was closed (the node answers it unparsed)', async () => {
    const admin = await createAdmin(t);
    const owner = newKeypair();
    const thief = (await fundedSigner(rpc, SOL)).address;
    const mint = await createTestMint(rpc, payer, {
      programId: TOKEN_2022_PROGRAM_ADDRESS,
      mintCloseAuthority: payer.address,
    });
    const token = await createTestTokenAccount(rpc, payer, mint, { owner: await signerOf(owner), delegate: thief });
    await closeTestMint(rpc, payer, mint, payer);
    await untilAccount(mint.address, (data) => data === null);
    // What the attack relied on: the node cannot parse the account without its mint, so jsonParsed answers bytes.
    const { value } = await rpc
      .getTokenAccountsByOwner(
        toAddress(owner.address),
        { programId: TOKEN_2022_PROGRAM_ADDRESS },
        { ...confirmed, encoding: 'jsonParsed' },
      )
      .send();
    expect(Array.isArray(value[0]?.account.data)).toBe(true);

    const before = await listingTableCounts(t);
    const res = await t.app.inject({
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
    expect(await listingTableCounts(t)).toEqual(before);
  });
});

describe('only the owner or an admin unlists because of a check', () => {
  it('a purchase attempt and an anonymous Actions POST refuse a failing address but never unlist it; an admin re-check does', async () => {
    const { listing, keypair, seller } = await createListing(t, { price: '0.2' });
    const mint = await createTestMint(rpc, payer);
    const thief = (await fundedSigner(rpc, SOL)).address;
    const token = await createTestTokenAccount(rpc, payer, mint, {
      owner: await signerOf(keypair),
      amount: 1n,
      delegate: thief,
    });
    await untilAccount(token, (data) => data?.[DELEGATE_TAG_OFFSET] === 1);
    const reason = `no-token-accounts: Token account ${token} has delegate ${thief}`;

    const action = await actionsPost(listing.address);
    expect(action.statusCode, action.body).toBe(409);
    expect(action.json().message).toContain(reason);
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    const refused = await initiate(t, buyer, listing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'available', is_listed: true });
    expect(await countRows(t, 'transaction_audit', `action = 'listing.unlist_unsafe'`)).toBe(0);

    // A buyer may not use the admins' re-check; an admin (any admin: every owner is one) may.
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/safety`,
      headers: { cookie: buyer.cookie },
    });
    expect(notAdmin.statusCode, notAdmin.body).toBe(403);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'available', is_listed: true });

    const recheck = await t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/safety`,
      headers: { cookie: seller.cookie },
    });
    expect(recheck.statusCode, recheck.body).toBe(200);
    expect(recheck.json()).toMatchObject({ status: 'fail', unlisted: true });
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'available', is_listed: false });
    expect((await ownerView(seller, listing.id))?.unlistedReason).toContain(reason);
    expect(await countRows(t, 'transaction_audit', `action = 'listing.unlist_unsafe'`)).toBe(1);
  });
});

describe('known addresses never turn a listing into its own look-alike', () => {
  /** An address with the same first and last 4 characters as `address`. */
  function lookalikeOf(address: string): string {
    for (;;) {
      const other = newKeypair().address;
      if (other.length !== address.length) continue;
      const candidate = address.slice(0, 4) + other.slice(4, -4) + address.slice(-4);
      if (candidate !== address && isSolanaAddress(candidate)) return candidate;
    }
  }
  const addKnown = (cookie: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/known-addresses',
      headers: { cookie },
      payload: { address, label: 'Not my listing' },
    });

  it("refuses another admin's listed address, or a look-alike of it, with 409; the listing still sells", async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    const otherAdmin = await createAdmin(t);
    const before = await countRows(t, 'known_addresses');

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
    expect(await countRows(t, 'known_addresses')).toBe(before);
    // An unrelated address is still accepted.
    expect((await addKnown(otherAdmin.cookie, newKeypair().address)).statusCode).toBe(201);

    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    await initiateOk(t, buyer, listing);
  });

  it('does not count an exact entry of the listed address (added before this rule) as a look-alike at initiate', async () => {
    const { listing } = await createListing(t, { price: '0.2' });
    await t.database.db.insert(knownAddresses).values({ address: listing.address, label: 'Old entry' });
    const report = await safety(listing.id);
    expect(check(report, 'not-look-alike').status).toBe('pass');
    const buyer = await createUser(t);
    await fund(chain, buyer.walletAddress);
    await initiateOk(t, buyer, listing);
    expect(await listingStatus(t, listing.id)).toEqual({ status: 'pending', is_listed: true });
  });
});
