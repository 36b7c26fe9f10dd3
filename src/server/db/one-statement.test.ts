import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { inOneStatement } from './one-statement';
import { openEmbeddedDatabase } from './open-embedded';
import { transactionAudit } from './schema';

let database: Database;
/** An insert builder, as the audit module's `auditRow` makes (the db layer imports no module). */
const auditRow = (action: string, metadata?: Record<string, unknown>) =>
  database.db.insert(transactionAudit).values({ action, performedBy: 'test', metadata: metadata ?? null });
beforeAll(async () => {
  database = await openEmbeddedDatabase(undefined);
});
afterAll(() => database?.close());

const auditOf = (action: string) =>
  database.query<{ metadata: unknown }>('select metadata from transaction_audit where action = $1', [action]);

describe('inOneStatement', () => {
  it('runs every write, with the values each builder maps (a JSON column here)', async () => {
    await inOneStatement(database.db, [auditRow('probe.first', { n: 1, lamports: '5' }), auditRow('probe.second')]);
    expect(await auditOf('probe.first')).toEqual([{ metadata: { n: 1, lamports: '5' } }]);
    expect(await auditOf('probe.second')).toHaveLength(1);
  });

  it('is one statement: a write that fails undoes the others', async () => {
    await expect(
      inOneStatement(database.db, [
        auditRow('probe.undone'),
        sql`insert into transaction_audit (action, transaction_id) values ('probe.bad', 'not a uuid')`,
      ]),
    ).rejects.toThrow();
    expect(await auditOf('probe.undone')).toEqual([]);
  });

  it('does nothing with no writes', async () => {
    await expect(inOneStatement(database.db, [])).resolves.toBeUndefined();
  });
});
