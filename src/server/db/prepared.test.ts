import { drizzle } from 'drizzle-orm/node-postgres';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparedOnce, runPrepared, statementName } from './prepared';
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
