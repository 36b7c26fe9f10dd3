import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, listingTableCounts } from '@tests/helpers/factories';
import type { SignedInWallet } from '@tests/helpers/wallet';

/**
 * One 8 MB CSV line blocked every request for about 7 s. A line over 4 KB is now refused by
 * its number without being read, and the server reads an upload in slices, answering other requests meanwhile.
 */

let t: TestApp;
let admin: SignedInWallet;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const BOUNDARY = '----vvlonglines';

function csvUpload(content: string) {
  return {
    payload:
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: admin.cookie },
  };
}

describe('POST /api/bulk-create-listings/upload with huge lines', () => {
  it('answers an 8 MB single line with an error naming the line, and stores nothing but the batch audit', async () => {
    const before = await listingTableCounts(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings/upload',
      ...csvUpload('A'.repeat(8 * 1024 * 1024)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      successful: 0,
      failed: 1,
      errors: ['Line 1: line too long: at most 4,096 characters per line'],
    });
    // Every batch is audited with its counts (bulk-create.service.ts), an empty one too; nothing else is written.
    expect(await listingTableCounts(t)).toEqual({ ...before, listing_audit: before.listing_audit + 1 });
    const [audit] = await t.database.query<{ action: string; metadata: unknown }>(
      "select action, metadata from transaction_audit where action = 'listing.bulk_create'",
    );
    expect(audit).toMatchObject({ action: 'listing.bulk_create', metadata: { successful: 0, failed: 1 } });
  });

  it('answers GET /api/health while a large upload is still being read', async () => {
    // 40 MB of header lines: every line must be read, none becomes a row, and the answer (BULK_EMPTY) follows
    // the reading at once, so the upload's answer marks the end of parsing.
    const header = `address,private key,platform${' '.repeat(4000)}`;
    const { payload, headers } = csvUpload(Array.from({ length: 10_000 }, () => header).join('\n'));
    const answered: string[] = [];
    const upload = new Promise<number>((resolve, reject) => {
      const req = request(`${base}/api/bulk-create-listings/upload`, { method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => {
          answered.push('upload');
          resolve(res.statusCode ?? 0);
        });
      });
      req.on('error', reject);
      // The whole body has left this process: the server is reading or parsing it now. Ask for health.
      req.end(payload, () => {
        health = fetch(`${base}/api/health`).then(async (res) => {
          answered.push('health');
          return res.status;
        });
      });
    });
    let health: Promise<number> | undefined;
    expect(await upload).toBe(400);
    expect(await health).toBe(200);
    expect(answered).toEqual(['health', 'upload']);
  });
});
