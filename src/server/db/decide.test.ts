import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { commit, decideInTransaction, rollback } from './decide';
import { openEmbeddedDatabase } from './open-embedded';

let database: Database;
beforeAll(async () => {
  database = await openEmbeddedDatabase(undefined);
  await database.query('create table decide_probe (v text)');
});
afterAll(() => database?.close());

const probe = async () =>
  (await database.query<{ v: string }>('select v from decide_probe order by v')).map((r) => r.v);
const write = (v: string) => (tx: Parameters<Parameters<typeof decideInTransaction>[1]>[0]) =>
  tx.execute(sql`insert into decide_probe (v) values (${v})`);

describe('decideInTransaction', () => {
  it('keeps the writes of a commit decision and returns its answer', async () => {
    const answer = await decideInTransaction(database.db, async (tx) => {
      await write('kept')(tx);
      return commit('done');
    });
    expect(answer).toBe('done');
    expect(await probe()).toContain('kept');
  });

  it('undoes the writes of a rollback decision, and still returns its answer', async () => {
    const answer = await decideInTransaction(database.db, async (tx) => {
      await write('undone')(tx);
      return rollback({ kind: 'lost' });
    });
    expect(answer).toEqual({ kind: 'lost' });
    expect(await probe()).not.toContain('undone');
  });

  it('passes an error thrown by the work through, after undoing its writes', async () => {
    await expect(
      decideInTransaction(database.db, async (tx) => {
        await write('failed')(tx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await probe()).not.toContain('failed');
  });
});
