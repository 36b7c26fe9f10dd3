import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isReplicaTrouble, marksReplicaDown, ReplicaFallbackPool } from './replica-pool';

const sent = (code: string) => Object.assign(new pg.DatabaseError('from the server', 0, 'error'), { code });
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

describe('isReplicaTrouble', () => {
  it('takes what PostgreSQL did not send (refused, reset, timeouts, dropped connections) as the server being away', () => {
    expect(isReplicaTrouble(refused)).toBe(true);
    expect(isReplicaTrouble(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('takes connection, resource, shutdown and recovery-conflict SQLSTATEs as the server being away', () => {
    for (const code of ['08006', '53300', '57P01', '57P03', '58030', '3D000', '40001']) {
      expect(isReplicaTrouble(sent(code)), code).toBe(true);
    }
  });

  it("leaves a statement's own errors alone: the primary would answer them the same", () => {
    for (const code of ['22P02', '42P01', '23505', '25006']) expect(isReplicaTrouble(sent(code)), code).toBe(false);
  });

  it('keeps a replica in use after a conflict with recovery, and marks it down otherwise', () => {
    expect(marksReplicaDown(sent('40001'))).toBe(false);
    expect(marksReplicaDown(sent('57P01'))).toBe(true);
    expect(marksReplicaDown(refused)).toBe(true);
  });
});

describe('ReplicaFallbackPool', () => {
  const pool = (answer: () => Promise<unknown>) => ({ query: answer, connect: answer }) as unknown as pg.Pool;
  const ok = (rows: unknown[]) => () => Promise.resolve({ rows });

  it('answers from the primary when the replica cannot, and reports the trouble', async () => {
    const troubles: unknown[] = [];
    const fallback = new ReplicaFallbackPool(
      pool(() => Promise.reject(refused)),
      pool(ok(['primary'])),
      (err) => troubles.push(err),
    );
    expect((await fallback.query('SELECT 1')).rows).toEqual(['primary']);
    expect(troubles).toEqual([refused]);
  });

  it("throws a statement's own error without running it again", async () => {
    let primaryCalls = 0;
    const fallback = new ReplicaFallbackPool(
      pool(() => Promise.reject(sent('22P02'))),
      pool(() => Promise.resolve({ rows: [++primaryCalls] })),
      () => {},
    );
    await expect(fallback.query('SELECT $1::int', ['x'])).rejects.toMatchObject({ code: '22P02' });
    expect(primaryCalls).toBe(0);
  });

  it('answers from the replica when it can', async () => {
    const fallback = new ReplicaFallbackPool(pool(ok(['replica'])), pool(ok(['primary'])), () => {});
    expect((await fallback.query('SELECT 1')).rows).toEqual(['replica']);
  });
});
