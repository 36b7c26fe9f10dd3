import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { rateLimits } from '../db/schema';

/**
 * Fixed-window counters in the database (table `rate_limits`), so a limit holds across every server instance.
 * One atomic upsert per hit: a new or lapsed window starts at 1, a live one counts up.
 */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
  const windowEnd = sql`now() + make_interval(secs => ${sql.raw(String(windowMs / 1000))})`;
  const lapsed = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${lapsed} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${lapsed} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row!;
}

export async function purgeLapsedRateLimits(db: Queryable): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
}
