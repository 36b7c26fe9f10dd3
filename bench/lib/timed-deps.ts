import type { Database } from '@server/db/database';
import type { SealPool } from '@server/modules/listings';

export interface DepTimes {
  /** Wall time the bulk code spent inside `db.transaction` (its chunk writes). */
  txMs: number;
  transactions: number;
  /** Sum of the wall time of every `pool.seal` job (jobs run in parallel on the workers). */
  sealJobMs: number;
  sealJobs: number;
  /** From the first seal request to the last seal result. */
  sealSpanMs: number;
}

/**
 * The bulk code's own database and pool, wrapped only to time them: transactions on the way through, seal jobs
 * from request to result. Nothing else changes.
 */
export function timedDeps(database: Database, pool: SealPool): { database: Database; pool: SealPool; times: DepTimes } {
  const times: DepTimes = { txMs: 0, transactions: 0, sealJobMs: 0, sealJobs: 0, sealSpanMs: 0 };
  let firstSeal = 0;
  const db = new Proxy(database.db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return async (...args: Parameters<Database['db']['transaction']>) => {
          const t0 = performance.now();
          try {
            return await target.transaction(...args);
          } finally {
            times.txMs += performance.now() - t0;
            times.transactions++;
          }
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const timedPool: SealPool = {
    async seal(rows, multiplier) {
      const t0 = performance.now();
      if (!firstSeal) firstSeal = t0;
      try {
        return await pool.seal(rows, multiplier);
      } finally {
        const t1 = performance.now();
        times.sealJobMs += t1 - t0;
        times.sealJobs++;
        times.sealSpanMs = t1 - firstSeal;
      }
    },
    close: () => pool.close(),
  };
  return { database: { ...database, db }, pool: timedPool, times };
}
