import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runPrepared, statementName } from './prepared';
import * as schema from './schema';

/** A pool that records what drizzle hands to `pg` instead of sending it. */
class RecordingPool extends pg.Pool {
  sent: { name?: string; text: string }[] = [];
  override query(config: unknown): never {
    this.sent.push(config as { name?: string; text: string });
    return Promise.resolve({ rows: [], fields: [], rowCount: 0 }) as never;
  }
}

describe('runPrepared', () => {
  it('sends a named statement, named after its text, on node-postgres', async () => {
    const pool = new RecordingPool();
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
