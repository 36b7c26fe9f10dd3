import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { getBase58Encoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';
import { countRows, destroy } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { paidPurchase } from '@tests/helpers/purchase-flows';

const ctx = usePurchaseApp(); // no ATTESTATION_KEY: local mode makes one in DATA_DIR

interface Receipt {
  kind: string;
  statement: Record<string, string>;
  signature: string;
  signer: string;
}

/** Written here from the documented rule, not imported: sorted keys, no whitespace, UTF-8. */
const canonical = (statement: Record<string, string>) =>
  Buffer.from(
    JSON.stringify(
      Object.fromEntries(
        Object.keys(statement)
          .sort()
          .map((k) => [k, statement[k]]),
      ),
    ),
    'utf8',
  );

/** ed25519 through Node's OpenSSL, independent of the @noble/curves the server signs with. */
function opensslVerify(publicKey: string, statement: Record<string, string>, signature: string): boolean {
  const spki = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(getBase58Encoder().encode(publicKey)),
  ]);
  return nodeVerify(
    null,
    canonical(statement),
    createPublicKey({ key: spki, format: 'der', type: 'spki' }),
    Buffer.from(signature, 'base64'),
  );
}

const receiptsOf = (who: SignedInWallet, id: string) =>
  ctx.t.app.inject({ method: 'GET', url: `/api/transactions/${id}/receipts`, headers: { cookie: who.cookie } });

async function attestationKey(): Promise<string> {
  const res = await ctx.t.app.inject({ method: 'GET', url: '/api/attestation-key' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ algorithm: 'ed25519' });
  return res.json().publicKey;
}

describe('signed receipts', () => {
  it('makes the attestation key once into DATA_DIR, owner-only', async () => {
    const file = path.join(ctx.t.dataDir, 'attestation.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await attestationKey()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('issues a sale receipt at verify and a destroy receipt at destroy, both verifiable and tamper-evident', async () => {
    const publicKey = await attestationKey();
    const admin = await createAdmin(ctx.t);
    const { listing, buyer, started, txHash } = await paidPurchase(ctx, { seller: admin, price: '0.25' });

    const res = await receiptsOf(buyer, started.transactionId);
    expect(res.statusCode).toBe(200);
    const [sale] = res.json().receipts as Receipt[];
    expect(res.json().receipts).toHaveLength(1);
    expect(sale!.kind).toBe('sale');
    expect(sale!.signer).toBe(publicKey);
    expect(sale!.statement).toMatchObject({
      type: 'vanity-vault/sale-receipt/v1',
      address: listing.address,
      transactionId: started.transactionId,
      paymentSignature: txHash,
      escrow: started.payment.recipient,
      priceLamports: '250000000',
      buyer: buyer.walletAddress,
      seller: admin.walletAddress,
      cluster: 'local',
    });
    expect(Object.keys(sale!.statement).sort()).toEqual([
      'address',
      'buyer',
      'cluster',
      'escrow',
      'issuedAt',
      'paymentSignature',
      'priceLamports',
      'seller',
      'slot',
      'transactionId',
      'type',
    ]);
    expect(sale!.statement.slot).toMatch(/^\d+$/);
    expect(opensslVerify(publicKey, sale!.statement, sale!.signature)).toBe(true);
    for (const field of Object.keys(sale!.statement)) {
      const changed = { ...sale!.statement, [field]: `${sale!.statement[field]}x` };
      expect(opensslVerify(publicKey, changed, sale!.signature), `changed ${field}`).toBe(false);
    }
    expect(opensslVerify(publicKey, { ...sale!.statement, extra: '1' }, sale!.signature)).toBe(false);

    // Only the buyer reads them.
    const stranger = await createUser(ctx.t);
    expect((await receiptsOf(stranger, started.transactionId)).statusCode).toBe(403);

    expect((await destroy(ctx.t, buyer, started.transactionId)).statusCode).toBe(200);
    const after = (await receiptsOf(buyer, started.transactionId)).json().receipts as Receipt[];
    expect(after.map((r) => r.kind)).toEqual(['sale', 'destroy']);
    const gone = after[1]!;
    expect(gone.statement).toMatchObject({
      type: 'vanity-vault/destroy-receipt/v1',
      address: listing.address,
      transactionId: started.transactionId,
      statement: 'The vault no longer holds the private key of this address.',
      cluster: 'local',
    });
    expect(Date.now() - Date.parse(gone.statement.destroyedAt!)).toBeLessThan(60_000);
    expect(opensslVerify(publicKey, gone.statement, gone.signature)).toBe(true);
    expect(Object.keys(gone.statement).sort()).toEqual([
      'address',
      'cluster',
      'destroyedAt',
      'issuedAt',
      'statement',
      'transactionId',
      'type',
    ]);
    for (const field of Object.keys(gone.statement)) {
      const changed = { ...gone.statement, [field]: `${gone.statement[field]}x` };
      expect(opensslVerify(publicKey, changed, gone.signature), `changed ${field}`).toBe(false);
    }
    expect(opensslVerify(publicKey, { ...gone.statement, address: admin.walletAddress }, gone.signature)).toBe(false);
    expect(opensslVerify(publicKey, { ...gone.statement, extra: '1' }, gone.signature)).toBe(false);
    expect(await countRows(ctx.t, 'receipts', `transaction_id = '${started.transactionId}'`)).toBe(2);
  });
});
