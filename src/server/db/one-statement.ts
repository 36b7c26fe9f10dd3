import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from './database';

/**
 * Runs independent writes as one statement, each a data-modifying CTE: one round trip to the database instead of one
 * each, which is what a buyer waiting on a busy server pays for (docs/benchmarks.md). Only for writes that
 * neither read nor change each other's rows: every CTE of a statement sees the same snapshot, so none sees another's
 * work. Atomic like any statement.
 */
export async function inOneStatement(db: Queryable, writes: readonly SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  const ctes = writes.map((write, i) => sql`${sql.identifier(`write_${i}`)} as (${write.getSQL()})`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
