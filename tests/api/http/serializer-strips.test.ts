import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing } from '@tests/helpers/factories';
import type * as ListingView from '@server/modules/listings/listing-view';

/**
 * Responses are written by a serialiser compiled from the routes' zod schemas (src/server/http/serializer.ts).
 * Like zod's strip, it must write only what a schema declares: here every listing the real routes map carries
 * a key it must never send, and the answers must not.
 */
vi.mock('@server/modules/listings/listing-view', async (importOriginal) => {
  const real = await importOriginal<typeof ListingView>();
  return {
    ...real,
    toListing: (...args: Parameters<typeof real.toListing>) => ({
      ...real.toListing(...args),
      privateKey: 'LEAKED-PRIVATE-KEY',
    }),
  };
});

let t: TestApp;
let address = '';

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createAdmin(t);
  address = (await createListing(t, { seller, price: '1' })).listing.address;
});
afterAll(() => t?.close());

describe('the compiled response serialiser', () => {
  it('drops a field the schema does not declare, nested in a page of listings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/addresses/search?excludeSold=true&page=1&pageSize=20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().addresses).toHaveLength(1);
    expect(res.body).not.toContain('LEAKED');
  });

  it('drops it from one listing too', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/addresses/by-address/${address}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address).toBe(address);
    expect(res.body).not.toContain('LEAKED');
  });
});
