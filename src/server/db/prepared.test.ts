import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedOnce, rowMapper, runPrepared, statementName } from './prepared';
import * as schema from './schema';

/** A pool that records what drizzle hands to `pg` instead of sending it. */
function recordingPool() {
  const sent: { name?: string; text: string; values?: unknown[] }[] = [];
  const pool = new pg.Pool();
  // pg's query has a dozen overloads; drizzle calls the (config, values) one.
  pool.query = ((config: unknown, values?: unknown[]) => {
    sent.push({ ...(config as { name?: string; text: string }), values });
    return Promise.resolve({ rows: [], fields: [], rowCount: 0 });
  }) as unknown as typeof pool.query;
  return Object.assign(pool, { sent });
}

describe('runPrepared', () => {
  it('sends a named statement, named after its text, on node-postgres', async () => {
    const pool = recordingPool();
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    const byWallet = (wallet: string) => db.select().from(schema.users).where(eq(schema.users.walletAddress, wallet));
    await runPrepared(byWallet('a'));
    await runPrepared(byWallet('b'));
    await runPrepared(db.select().from(schema.users).limit(1));
    const [first, second, other] = pool.sent;
    expect(first?.name).toBe(statementName(first!.text));
    // Same shape, other values: the same statement, parsed once per connection.
    expect(second?.name).toBe(first?.name);
    expect(other?.name).toMatch(/^vv_/);
    expect(other?.name).not.toBe(first?.name);
    await pool.end();
  });
});

describe('preparedOnce', () => {
  it('builds a shape once per database handle and executes it with the values of each call', async () => {
    const pool = recordingPool();
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    let built = 0;
    const byWallet = () => {
      built++;
      return db
        .select()
        .from(schema.users)
        .where(eq(schema.users.walletAddress, sql.placeholder('wallet')));
    };
    await preparedOnce(db, 'by wallet', byWallet).execute({ wallet: 'a' });
    await preparedOnce(db, 'by wallet', byWallet).execute({ wallet: 'b' });
    expect(built).toBe(1);
    expect(pool.sent.map((s) => s.values)).toEqual([['a'], ['b']]);
    expect(pool.sent[1]?.name).toBe(statementName(pool.sent[0]!.text));
    // Another handle (a transaction's, say) gets its own.
    const other = drizzle({ client: recordingPool(), schema, casing: 'snake_case' });
    await preparedOnce(other, 'by wallet', byWallet).execute({ wallet: 'c' });
    expect(built).toBe(2);
    // Without a shape, built every time.
    await preparedOnce(db, undefined, byWallet).execute({ wallet: 'd' });
    expect(built).toBe(3);
    await pool.end();
  });
});

describe('rowMapper', () => {
  it("maps pg's row arrays as drizzle does: each value through its column's decoder, null left null", () => {
    const fields = {
      address: schema.addresses.address,
      createdAt: schema.addresses.createdAt,
      patternLength: schema.addresses.patternLength,
      featuredUntil: schema.addresses.featuredUntil,
      n: sql<number>`count(*)`.mapWith(Number),
    };
    const map = rowMapper(
      Object.keys(fields),
      Object.values(fields).map((f) => ('decoder' in f ? f.decoder : f)) as Parameters<typeof rowMapper>[1],
    );
    const rows = map([
      ['abc', '2026-11-28 00:15:50.523+00', 3, null, '7'],
      ['xyz', '2025-01-02 03:04:05+00', 0, '2026-12-01 00:00:00+00', '0'],
    ]);
    expect(rows).toEqual([
      { address: 'abc', createdAt: new Date('2026-11-28T00:15:50.523Z'), patternLength: 3, featuredUntil: null, n: 7 },
      {
        address: 'xyz',
        createdAt: new Date('2025-01-02T03:04:05Z'),
        patternLength: 0,
        featuredUntil: new Date('2026-12-01T00:00:00Z'),
        n: 0,
      },
    ]);
    // Each row its own object, keyed in the select's order.
    expect(rows[0]).not.toBe(rows[1]);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(fields));
  });
});
