import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CHUNK_ROWS } from '@server/modules/listings/bulk-create.service';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { Client, FaultServer, listingOf, purchaseReaches } from '@tests/helpers/fault-server';
import { SOL } from '@tests/helpers/purchases';

/**
 * Bulk upload (docs/reliability.md#crashes-sigkill-at-every-step): the real server is SIGKILLed inside the second
 * chunk's transaction of a three-chunk CSV upload, at the worst moment (the chunk's listings inserted, their encrypted
 * keys not yet), and restarted on the same data. The first chunk must be whole, the second must have left nothing, and
 * uploading the same file again must finish the job, reporting the stored rows as duplicates.
 */

const ROWS = 2 * BULK_CHUNK_ROWS + BULK_CHUNK_ROWS / 2;
const PRICE = '0.05';

let server: FaultServer;
let seller: Client;
let keypairs: TestKeypair[];
let csv: string;

/** How many listings the seller has, counted by reading pages (the API's total is capped for speed). */
async function sellerListingCount(): Promise<number> {
  let count = 0;
  for (let page = 1; ; page++) {
    const res = await seller.call('GET', `/api/addresses/user?pageSize=500&page=${page}`);
    expect(res.status).toBe(200);
    const rows = (res.body.addresses as unknown[]).length;
    count += rows;
    if (rows < 500) return count;
  }
}

beforeAll(async () => {
  keypairs = Array.from({ length: ROWS }, () => newKeypair());
  // Lines of `address,private key,pattern,price` (no header line: a header must name a platform column).
  csv = keypairs.map((k) => `${k.address},${k.forms.base58Secret},,${PRICE}\n`).join('');
  const sellerWallet = await newWallet();
  server = await FaultServer.create([sellerWallet.walletAddress]);
  await server.start('bulk:chunk-before-keys#2');
  seller = await Client.signIn(server, sellerWallet);
}, 180_000);

afterAll(async () => {
  const starts = server?.starts.map((s) => `${s.crashAt ?? 'unarmed'} ${s.ms} ms`).join(', ');
  if (starts) process.stdout.write(`listings/bulk-kill (${server.driver}) server starts: ${starts}\n`);
  await server?.close();
});

describe('SIGKILL in the middle of a bulk upload, then a restart on the same data', { timeout: 180_000 }, () => {
  it("inside the second chunk's transaction: the first chunk is stored whole, the second left nothing", async () => {
    await server.crash('bulk:chunk-before-keys', () => seller.uploadCsv(csv));
    await server.start();
    expect(await sellerListingCount()).toBe(BULK_CHUNK_ROWS);
    expect(await listingOf(server, keypairs[0]!.address)).toMatchObject({ status: 'available', isListed: true });
    expect(await listingOf(server, keypairs[BULK_CHUNK_ROWS - 1]!.address)).toMatchObject({ status: 'available' });
    await expect(listingOf(server, keypairs[BULK_CHUNK_ROWS]!.address)).rejects.toThrow(/404/);
    await expect(listingOf(server, keypairs[ROWS - 1]!.address)).rejects.toThrow(/404/);
  });

  it('uploading the same file again completes it, reporting the stored rows as duplicates', async () => {
    const res = await seller.uploadCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: ROWS - BULK_CHUNK_ROWS, failed: BULK_CHUNK_ROWS });
    const results = res.body.results as { address: string; status: string }[];
    const duplicates = results.filter((r) => r.status === 'failed').map((r) => r.address);
    expect(duplicates).toEqual(keypairs.slice(0, BULK_CHUNK_ROWS).map((k) => k.address));
    const errors = res.body.errors as string[];
    expect(errors).toHaveLength(BULK_CHUNK_ROWS);
    expect(errors.every((e) => e.endsWith('address is already listed'))).toBe(true);
    expect(await sellerListingCount()).toBe(ROWS);
    expect(await listingOf(server, keypairs[ROWS - 1]!.address)).toMatchObject({ status: 'available' });
  });

  it('a listing of the chunk stored before the kill sells, and its buyer gets its own key', async () => {
    const kp = keypairs[1]!;
    const listing = await listingOf(server, kp.address);
    const buyer = await Client.signIn(server);
    await server.airdrop(buyer.walletAddress, SOL);
    const started = await buyer.initiateOk({ id: listing.id, price: PRICE });
    await buyer.confirm(started.transactionId, await buyer.pay(started.payment));
    await purchaseReaches(server, started.transactionId, ['verified', 'completed']);
    const revealed = await buyer.reveal(started.transactionId);
    expect(revealed.status).toBe(200);
    expect(revealed.body.privateKey).toBe(kp.forms.base58Secret);
  });

  it('with the server stopped: every listing has its encrypted key and every key its listing', async () => {
    await server.stop();
    const counts = await server.whileDown(async (db) => {
      const n = async (sql: string) => (await db.query<{ n: number }>(sql))[0]!.n;
      return {
        listings: await n('select count(*)::int as n from addresses'),
        keys: await n('select count(*)::int as n from encrypted_keys'),
        keyless: await n(
          'select count(*)::int as n from addresses a where not exists (select 1 from encrypted_keys k where k.address_id = a.id)',
        ),
        orphanKeys: await n(
          'select count(*)::int as n from encrypted_keys k where not exists (select 1 from addresses a where a.id = k.address_id)',
        ),
        distinctAddresses: await n('select count(distinct address)::int as n from addresses'),
      };
    });
    expect(counts).toEqual({ listings: ROWS, keys: ROWS, keyless: 0, orphanKeys: 0, distinctAddresses: ROWS });
  });
});
