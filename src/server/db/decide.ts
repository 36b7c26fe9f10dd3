import { TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from './database';

/** What a unit of work decided: keep its writes (`commit`) or undo them (`rollback`), with its answer either way. */
export type Decision<T> = { commit: T } | { rollback: T };
export const commit = <T>(value: T): Decision<T> => ({ commit: value });
export const rollback = <T>(value: T): Decision<T> => ({ rollback: value });

/**
 * Runs `work` in one transaction and returns its answer; a `rollback` decision undoes its writes first. Drizzle
 * rolls back only by throwing (`tx.rollback()`), so that throw is made and caught here, never in a caller.
 */
export async function decideInTransaction<T>(db: Db, work: (tx: Tx) => Promise<Decision<T>>): Promise<T> {
  let decided: Decision<T> | undefined;
  try {
    await db.transaction(async (tx) => {
      decided = await work(tx);
      if ('rollback' in decided) tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError && decided && 'rollback' in decided)) throw err;
  }
  return 'commit' in decided! ? decided.commit : decided!.rollback;
}
