import { describe, expect, it } from 'vitest';
import type { BulkRowInput } from '@shared/api/listings';
import { bulkCreateListings, createSealPool } from '@server/modules/listings';
import { bulkWriteRepository } from '@server/modules/listings/bulk-write.repository';
import { createListing, createUser, listingTableCounts, userIdOf } from '@tests/helpers/factories';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { lookalikeOf } from '@tests/helpers/lookalike';
import { useAppWithAdmin } from '@tests/helpers/app-suite';
import { testDriver } from '@tests/helpers/db';
import { eventually } from '@tests/helpers/fault-server';

const ctx = useAppWithAdmin();

const GOOD = 2_500;

/** Every listing has its key and every key its listing. */
async function expectPairedKeys() {
  const [orphans] = await ctx.t.database.query<{ listings: number; keys: number }>(`
    select (select count(*)::int from addresses a where a.status <> 'deleted' and not exists (select 1 from encrypted_keys k where k.address_id = a.id)) as listings,
           (select count(*)::int from encrypted_keys k where not exists (select 1 from addresses a where a.id = k.address_id)) as keys`);
  expect(orphans).toEqual({ listings: 0, keys: 0 });
}

function multipart(filename: string, content: string, fields: Record<string, string> = {}) {
  const boundary = '----vvtestboundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('POST /api/bulk-create-listings', () => {
  it('stores exactly the good rows of a few thousand and reports every bad line', async () => {
    const listed = [
      await createListing(ctx.t, { seller: ctx.admin }),
      await createListing(ctx.t, { seller: ctx.admin }),
    ];
    const known = newKeypair();
    const knownEntry = lookalikeOf(known.address);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/known-addresses',
          headers: { cookie: ctx.admin.cookie },
          payload: { address: knownEntry, label: 'Exchange' },
        })
      ).statusCode,
    ).toBe(201);

    const rows: BulkRowInput[] = [];
    const bad = new Map<number, RegExp>();
    const addBad = (row: Omit<BulkRowInput, 'line'>, reason: RegExp) => {
      rows.push({ ...row, line: rows.length + 1 });
      bad.set(rows.length, reason);
    };
    for (let i = 0; i < GOOD; i++) {
      const kp = newKeypair();
      const priced = i % 2 === 0;
      rows.push({
        line: rows.length + 1,
        address: kp.address,
        privateKey: i % 3 === 0 ? kp.forms.jsonArray : kp.forms.base58Secret,
        ...(priced ? { price: '0.75' } : {}),
        ...(i % 5 === 0 ? { pattern: kp.address.slice(0, 3), patternType: 'prefix', platform: 'solana' } : {}),
      });
      if (i % 250 === 0) {
        // a few dozen bad lines of every kind, spread through the batch
        const k = newKeypair();
        addBad({ address: 'not base58 0OIl', privateKey: k.forms.base58Secret }, /not a valid Solana address/);
        addBad({ address: k.address.slice(0, 20), privateKey: k.forms.base58Secret }, /not a valid Solana address/);
        addBad({ address: newKeypair().address }, /private key is missing/);
        addBad(
          { address: newKeypair().address, privateKey: newKeypair().forms.base58Secret },
          /ownership verification failed: .*does not match/,
        );
        const short = newKeypair();
        addBad(
          { address: short.address, privateKey: JSON.stringify([...short.secretKey.subarray(0, 63)]) },
          /ownership verification failed/,
        );
        const p = newKeypair();
        addBad({ address: p.address, privateKey: p.forms.base58Secret, price: '0' }, /greater than 0/);
        const q = newKeypair();
        // The create form's reader and reasons (docs/decisions/0015-typed-sol-is-parsed-not-guessed.md): a minus sign
        // is refused, never dropped.
        addBad({ address: q.address, privateKey: q.forms.base58Secret, price: '-2' }, /cannot be negative/);
        addBad({ address: newKeypair().address, privateKey: 'x', price: 'abc' }, /without letters/);
        const two = newKeypair();
        addBad({ address: two.address, privateKey: two.forms.base58Secret, price: '0,5.1' }, /2 separators/);
        addBad({ address: kp.address, privateKey: kp.forms.base58Secret }, /duplicate address \(already on line \d+\)/);
        const e = newKeypair();
        addBad(
          { address: e.address, privateKey: e.forms.base58Secret, platform: 'ethereum' },
          /platform must be solana/,
        );
      }
    }
    for (const { keypair } of listed)
      addBad({ address: keypair.address, privateKey: keypair.forms.base58Secret }, /already listed/);
    addBad({ address: known.address, privateKey: known.forms.base58Secret }, /Looks like Exchange/);

    const before = await listingTableCounts(ctx.t);
    const started = Date.now();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: ctx.admin.cookie },
      payload: { addressData: rows, walletAddress: ctx.admin.walletAddress },
    });
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const body = res.json();
    expect(body.successful).toBe(GOOD);
    expect(body.failed).toBe(bad.size);
    expect(body.results).toHaveLength(GOOD + bad.size);
    expect(body.errors).toHaveLength(bad.size);
    for (const [line, reason] of bad) {
      const message = body.errors.find((m: string) => m.startsWith(`Line ${line}: `));
      expect(message, `line ${line}`).toMatch(reason);
    }
    const after = await listingTableCounts(ctx.t);
    expect(after.addresses - before.addresses).toBe(GOOD);
    expect(after.encrypted_keys - before.encrypted_keys).toBe(GOOD);
    await expectPairedKeys();
    // Auto-price for rows without one; the given price otherwise.
    const prices = new Set(
      body.results.filter((r: { status: string }) => r.status === 'success').map((r: { price: string }) => r.price),
    );
    expect(prices.has('0.75')).toBe(true);
    expect([...prices].some((p) => p !== '0.75')).toBe(true);
    for (const row of rows)
      if (row.privateKey && row.privateKey.length > 20) expect(res.body.includes(row.privateKey)).toBe(false);
    console.info(`bulk: ${rows.length} rows in ${elapsed} ms`);
  });

  it('reads the price column as the create form does: "0,5" and ".5" are 0.5 SOL', async () => {
    const [a, b] = [newKeypair(), newKeypair()];
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: ctx.admin.cookie },
      payload: {
        addressData: [
          { line: 1, address: a.address, privateKey: a.forms.base58Secret, price: '0,5' },
          { line: 2, address: b.address, privateKey: b.forms.base58Secret, price: '.5' },
        ],
      },
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ successful: 2, failed: 0, errors: [] });
    const rows = await ctx.t.database.query<{ price: string }>(
      'select price::text as price from addresses where address = any($1::text[]) order by price',
      [[a.address, b.address]],
    );
    expect(rows.map((r) => Number(r.price))).toEqual([0.5, 0.5]);
  });

  it('does not echo an address field that holds the seed, but does echo an address the key does not control', async () => {
    const k = newKeypair();
    const other = newKeypair();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: ctx.admin.cookie },
      payload: {
        addressData: [
          { line: 1, address: k.forms.base58Seed, privateKey: k.forms.base58Secret },
          { line: 2, address: other.address, privateKey: k.forms.base58Secret },
        ],
      },
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const body = res.json();
    expect(body.errors).toEqual([
      'Line 1: ownership verification failed: The address field holds the private key, not the address',
      expect.stringMatching(
        new RegExp(`^Line 2: ownership verification failed: .*does not match address ${other.address}`),
      ),
    ]);
    expect(body.results.map((r: { address: string }) => r.address)).toEqual(['', other.address]);
    expect(res.body.includes(k.forms.base58Seed)).toBe(false);
  });

  it('refuses non-admins, strangers, another wallet and an empty batch without changes', async () => {
    const kp = newKeypair();
    const payload = { addressData: [{ address: kp.address, privateKey: kp.forms.base58Secret }] };
    const before = await listingTableCounts(ctx.t);
    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/bulk-create-listings', payload })).statusCode).toBe(
      401,
    );
    const user = await createUser(ctx.t);
    const denied = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: user.cookie },
      payload,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Create listing is restricted to authorized admin wallets only');
    const mismatch = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: ctx.admin.cookie },
      payload: { ...payload, walletAddress: newKeypair().address },
    });
    expect(mismatch.statusCode).toBe(403);
    const empty = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: ctx.admin.cookie },
      payload: { addressData: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No valid addresses found in the input data');
    expect(await listingTableCounts(ctx.t)).toEqual(before);
  });

  it('keeps every chunk atomic: a failure mid-batch leaves no listing without its key', async () => {
    const pool = createSealPool(ctx.t.app.vault.masterKey, { size: 1 });
    let chunk = 0;
    const failing = {
      async seal(...args: Parameters<typeof pool.seal>) {
        const sealed = await pool.seal(...args);
        // The second chunk's ciphertexts are corrupted so its encrypted_keys INSERT fails.
        if (++chunk === 2) sealed.keys.iv = sealed.keys.iv.replace(/"[^"]*"/g, 'NULL');
        return sealed;
      },
      close: () => pool.close(),
    };
    const rows = Array.from({ length: 30 }, (_, i) => {
      const kp = newKeypair();
      return { line: i + 1, address: kp.address, privateKey: kp.forms.base58Secret };
    });
    const before = await listingTableCounts(ctx.t);
    const sellerId = await userIdOf(ctx.t, ctx.admin);
    await expect(
      bulkCreateListings(
        { database: ctx.t.database, pool: failing },
        rows,
        { userId: sellerId, wallet: ctx.admin.walletAddress },
        { chunkRows: 10 },
      ),
    ).rejects.toThrow();
    await pool.close();
    const after = await listingTableCounts(ctx.t);
    expect(after.addresses - before.addresses).toBe(10); // only the first chunk
    expect(after.encrypted_keys - before.encrypted_keys).toBe(10);
    await expectPairedKeys();
  });
});

describe('bulk uploads and listings already in the database', () => {
  // Two connections are needed to interleave two transactions: PostgreSQL only (PGlite runs one at a time).
  it.runIf(testDriver() === 'postgres')(
    'two chunks sharing addresses in opposite orders do not deadlock: one waits for the other, then skips them',
    async () => {
      const pair = [newKeypair(), newKeypair()].sort((x, y) =>
        Buffer.compare(Buffer.from(x.address), Buffer.from(y.address)),
      );
      const [lo, hi] = [pair[0]!, pair[1]!];
      const sellerId = await userIdOf(ctx.t, ctx.admin);
      const pool = createSealPool(ctx.t.app.vault.masterKey, { size: 1 });
      const sealed = async (...kps: TestKeypair[]) =>
        (
          await pool.seal({
            rows: kps.map((kp, i) => ({
              line: i + 1,
              address: kp.address,
              privateKey: kp.forms.base58Secret,
              pattern: undefined,
              patternType: undefined,
              priceLamports: 1_000_000n,
            })),
            sellerId,
            multiplier: 1,
          })
        ).listings;
      const [onlyLo, onlyHi, hiThenLo] = [await sealed(lo), await sealed(hi), await sealed(hi, lo)];
      await pool.close();
      const { db } = ctx.t.database;

      let loInserted!: () => void;
      const firstHoldsLo = new Promise<void>((resolve) => (loInserted = resolve));
      // The second chunk lists hi before lo. Inserted in that order it would hold hi while waiting for lo, and the
      // first chunk, inserting hi next, would wait for it: a deadlock. In address order it waits at lo, holding nothing.
      const second = firstHoldsLo.then(() => db.transaction((tx) => bulkWriteRepository.insertListings(tx, hiThenLo)));
      const first = db.transaction(async (tx) => {
        const rows = await bulkWriteRepository.insertListings(tx, onlyLo);
        loInserted();
        await eventually('the second chunk waits for the first', async () => {
          const [waiting] = await ctx.t.database.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into "addresses"%' and pid <> pg_backend_pid()`,
          );
          return waiting!.n > 0 ? true : undefined;
        });
        return [...rows, ...(await bulkWriteRepository.insertListings(tx, onlyHi))];
      });
      const [a, b] = await Promise.all([first, second]);
      expect(a.map((r) => r.address).sort()).toEqual([lo.address, hi.address]);
      expect(b).toEqual([]); // both were the first's by then: skipped, reported as already listed by the caller
      // These rows have no keys (only the listing insert ran): remove them, as the keys check below expects.
      await ctx.t.database.query('delete from addresses where address = any($1)', [[lo.address, hi.address]]);
    },
  );

  it('reports each address the database holds by its line, even when two uploads race for the same addresses', async () => {
    const sellerId = await userIdOf(ctx.t, ctx.admin);
    const actor = { userId: sellerId, wallet: ctx.admin.walletAddress };
    const rows = Array.from({ length: 24 }, (_, i) => {
      const kp = newKeypair();
      return { line: i + 1, address: kp.address, privateKey: kp.forms.base58Secret };
    });
    const before = await listingTableCounts(ctx.t);
    const pool = createSealPool(ctx.t.app.vault.masterKey, { size: 2 });
    // Opposite orders, small chunks: the two uploads meet in the middle, each inserting what the other has not.
    const [a, b] = await Promise.all([
      bulkCreateListings({ database: ctx.t.database, pool }, rows, actor, { chunkRows: 4 }),
      bulkCreateListings({ database: ctx.t.database, pool }, [...rows].reverse(), actor, { chunkRows: 4 }),
    ]);
    await pool.close();

    expect(a.successful + b.successful).toBe(rows.length);
    expect(a.failed + b.failed).toBe(rows.length);
    for (const res of [a, b]) {
      expect(res.results).toHaveLength(rows.length);
      for (const e of res.errors) expect(e).toMatch(/^Line \d+: address is already listed$/);
    }
    // Results are in line order in both answers: each line was stored by exactly one of them.
    rows.forEach((row, i) => {
      expect([a.results[i]!.status, b.results[i]!.status].sort(), `line ${row.line}`).toEqual(['failed', 'success']);
      expect(a.results[i]!.address).toBe(row.address);
    });
    const after = await listingTableCounts(ctx.t);
    expect(after.addresses - before.addresses).toBe(rows.length);
    expect(after.encrypted_keys - before.encrypted_keys).toBe(rows.length);
    await expectPairedKeys();

    // Uploading them again: every line is a duplicate of the database, nothing changes.
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings',
      headers: { cookie: ctx.admin.cookie },
      payload: { addressData: rows },
    });
    expect(again.json()).toMatchObject({ successful: 0, failed: rows.length });
    expect(again.json().errors).toEqual(rows.map((r) => `Line ${r.line}: address is already listed`));
    const last = await listingTableCounts(ctx.t);
    expect([last.addresses, last.encrypted_keys]).toEqual([after.addresses, after.encrypted_keys]);
  });
});

describe('POST /api/bulk-create-listings/upload (CSV file)', () => {
  it('parses the file with the shared parser and stores the good lines', async () => {
    const good = Array.from({ length: 20 }, () => newKeypair());
    const lines = ['address,private key,platform,pattern type,pattern'];
    for (const kp of good) lines.push(`${kp.address},${kp.forms.base58Secret},solana,prefix,${kp.address.slice(0, 3)}`);
    lines.push('short');
    lines.push(`${newKeypair().address},${newKeypair().forms.base58Secret},1`);
    const { payload, headers } = multipart('rows.csv', lines.join('\n'), { walletAddress: ctx.admin.walletAddress });
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings/upload',
      headers: { ...headers, cookie: ctx.admin.cookie },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.successful).toBe(20);
    expect(body.failed).toBe(2);
    expect(body.errors[0]).toMatch(/^Line 22: /);
    expect(body.errors[1]).toMatch(/^Line 23: ownership verification failed/);
  });

  it('refuses a file that is not .csv, and a JSON-less stranger, without changes', async () => {
    const kp = newKeypair();
    const before = await listingTableCounts(ctx.t);
    const wrong = multipart('rows.txt', `${kp.address},${kp.forms.base58Secret},x,1`);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/bulk-create-listings/upload',
      headers: { ...wrong.headers, cookie: ctx.admin.cookie },
      payload: wrong.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_FILE_TYPE');
    const ok = multipart('rows.csv', `${kp.address},${kp.forms.base58Secret},x,1`);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/bulk-create-listings/upload',
          headers: ok.headers,
          payload: ok.payload,
        })
      ).statusCode,
    ).toBe(401);
    expect(await listingTableCounts(ctx.t)).toEqual(before);
  });

  it('refuses multipart bodies on the JSON routes', async () => {
    const kp = newKeypair();
    const m = multipart('rows.csv', `${kp.address},${kp.forms.base58Secret},x,1`);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: { ...m.headers, cookie: ctx.admin.cookie },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(415);
  });
});
