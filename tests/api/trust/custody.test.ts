import { createHash, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createAdmin, createListing, createUser } from '@tests/helpers/factories';
import { confirm, countRows, initiateOk, pay } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';

const ctx = usePurchaseApp();

const prove = (id: string, challenge: unknown) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/addresses/${id}/custody-proof`,
    headers: { 'content-type': 'application/json' },
    payload: { challenge },
  });

/** ed25519 through Node's OpenSSL: an implementation independent of the @noble/curves the server signs with. */
function opensslVerify(addressText: string, message: Buffer, signature: Buffer): boolean {
  const raw = Buffer.from(getBase58Encoder().encode(addressText));
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  return nodeVerify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature);
}

const challengeOf = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64');

describe('proof of custody', () => {
  it('signs the challenge with the listed key as an off-chain message for this shop', async () => {
    const { listing } = await createListing(ctx.t);
    const challenge = challengeOf(32);
    const res = await prove(listing.id, challenge);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const proof = res.json() as { message: string; signature: string; address: string };
    expect(proof.address).toBe(listing.address);

    const message = Buffer.from(proof.message, 'base64');
    const signature = Buffer.from(proof.signature, 'base64');
    expect(opensslVerify(listing.address, message, signature)).toBe(true);

    // The off-chain message v0 preamble: signing domain, version 0, application domain = sha256(origin).
    expect(message.subarray(0, 16)).toEqual(Buffer.from('\xffsolana offchain', 'latin1'));
    expect(message[16]).toBe(0);
    expect(message.subarray(17, 49)).toEqual(createHash('sha256').update(ctx.t.env.publicOrigin).digest());
    expect(message[49]).toBe(0); // restricted ASCII
    expect(message[50]).toBe(1); // one signer: the address itself
    expect(message.subarray(51, 83)).toEqual(Buffer.from(getBase58Encoder().encode(listing.address)));
    const text = message.subarray(85).toString('latin1');
    expect(message.readUInt16LE(83)).toBe(text.length);
    expect(text).toContain(`Challenge: ${challenge}.`);
    expect(text).toContain(`Address: ${listing.address}.`);
    expect(text).toMatch(/Issued at: \d{4}-\d\d-\d\dT[\d:.]+Z\./);

    // A signature over other bytes, or by another key, does not verify: the check above can fail.
    const tampered = Buffer.from(message);
    tampered[tampered.length - 2]! ^= 1;
    expect(opensslVerify(listing.address, tampered, signature)).toBe(false);
    const other = await createListing(ctx.t);
    expect(opensslVerify(other.listing.address, message, signature)).toBe(false);

    expect(await countRows(ctx.t, 'transaction_audit', `action = 'listing.custody_proof'`)).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad challenges with 400 and signs nothing', async () => {
    const { listing } = await createListing(ctx.t);
    const before = await countRows(ctx.t, 'transaction_audit', `action = 'listing.custody_proof'`);
    for (const bad of [
      '',
      challengeOf(15),
      challengeOf(65),
      'not base64 at all!!',
      'AAAA*AAAAAAAAAAAAAAAAAAAAAAA',
      42,
    ]) {
      const res = await prove(listing.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    const noBody = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${listing.id}/custody-proof`,
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(noBody.statusCode).toBe(400);
    expect(await countRows(ctx.t, 'transaction_audit', `action = 'listing.custody_proof'`)).toBe(before);
  });

  it('gives no proof for a deleted, a sold or an unknown listing', async () => {
    const admin = await createAdmin(ctx.t);
    const deleted = await createListing(ctx.t, { seller: admin });
    const del = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${deleted.listing.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.statusCode).toBe(200);
    const gone = await prove(deleted.listing.id, challengeOf(16));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('LISTING_NOT_FOUND');

    const sold = await createListing(ctx.t, { seller: admin, price: '0.5' });
    const buyer = await fundedBuyer(ctx);
    const started = await initiateOk(ctx.t, buyer, sold.listing);
    const reserved = await prove(sold.listing.id, challengeOf(16));
    expect(reserved.statusCode).toBe(409); // reserved for a buyer: not available
    const txHash = await pay(ctx.chain, buyer, started.payment);
    expect((await confirm(ctx.t, buyer, started.transactionId, txHash)).statusCode).toBe(200);
    const afterSale = await prove(sold.listing.id, challengeOf(64));
    expect(afterSale.statusCode).toBe(409);
    expect(afterSale.json()).toMatchObject({ error: 'LISTING_NOT_AVAILABLE' });

    const unknown = await prove('00000000-0000-4000-8000-000000000000', challengeOf(16));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('anonymous custody proofs', () => {
  // Each test from its own address: the route allows 20 proofs a minute per IP.
  const proveFrom = (remoteAddress: string, id: string, challenge: string, cookie?: string) =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/addresses/${id}/custody-proof`,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: { challenge },
      remoteAddress,
    });
  const audits = (id: string) =>
    countRows(ctx.t, 'transaction_audit', `action = 'listing.custody_proof' and metadata->>'addressId' = '${id}'`);

  it('write one audit row per listing and minute, not one per request; a repeated challenge is answered from memory', async () => {
    const { listing } = await createListing(ctx.t);
    const proofs = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await proveFrom('10.26.0.1', listing.id, challengeOf(32));
      expect(res.statusCode, res.body).toBe(200);
      proofs.push(res.json() as { message: string; signature: string });
    }
    // Each fresh challenge still gets its own valid proof.
    for (const proof of proofs) {
      expect(
        opensslVerify(listing.address, Buffer.from(proof.message, 'base64'), Buffer.from(proof.signature, 'base64')),
      ).toBe(true);
    }
    expect(await audits(listing.id)).toBe(1);

    // The same challenge again: the same answer (its issue time included), signed once.
    const challenge = challengeOf(16);
    const first = await proveFrom('10.26.0.1', listing.id, challenge);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a new signature would carry a later "Issued at"
    const again = await proveFrom('10.26.0.1', listing.id, challenge);
    expect(again.json()).toEqual(first.json());
    expect(await audits(listing.id)).toBe(1);
  });

  it('still audits every proof a signed-in caller asks for, and refuses a listing sold since it was cached', async () => {
    const { listing } = await createListing(ctx.t, { price: '0.5' });
    const user = await createUser(ctx.t);
    for (let i = 0; i < 3; i += 1) {
      const res = await proveFrom('10.26.0.2', listing.id, challengeOf(32), user.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await audits(listing.id)).toBe(3);

    const challenge = challengeOf(16);
    expect((await proveFrom('10.26.0.2', listing.id, challenge)).statusCode).toBe(200);
    const buyer = await fundedBuyer(ctx);
    await initiateOk(ctx.t, buyer, listing);
    const reserved = await proveFrom('10.26.0.2', listing.id, challenge);
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().error).toBe('LISTING_NOT_AVAILABLE');
  });
});
