import { and, desc, eq, sql } from 'drizzle-orm';
import type { PatternClass } from '@shared/pattern-keys';
import type { PatternPosition } from '@shared/domain-values';
import type { Queryable } from '@server/db/database';
import { patternWatches, users } from '@server/db/schema';

export type WatchRow = typeof patternWatches.$inferSelect;
export type NewWatch = Pick<WatchRow, 'userId' | 'wallet' | 'pattern' | 'patternKey' | 'position' | 'caseSensitive'>;

export const watchesRepository = {
  list(db: Queryable, wallet: string): Promise<WatchRow[]> {
    return db
      .select()
      .from(patternWatches)
      .where(eq(patternWatches.wallet, wallet))
      .orderBy(desc(patternWatches.createdAt), desc(patternWatches.id));
  },

  /** The wallet's watch on the same key, position and case, if it has one: a second identical watch would double-notify. */
  async same(db: Queryable, watch: NewWatch): Promise<WatchRow | undefined> {
    const [row] = await db
      .select()
      .from(patternWatches)
      .where(
        and(
          eq(patternWatches.wallet, watch.wallet),
          eq(patternWatches.position, watch.position),
          eq(patternWatches.caseSensitive, watch.caseSensitive),
          eq(patternWatches.patternKey, watch.patternKey),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * Holds the user's row until the transaction ends, so that two concurrent creates cannot both see room under the
   * cap and both insert.
   */
  async lockUser(tx: Queryable, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  async count(db: Queryable, wallet: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(patternWatches)
      .where(eq(patternWatches.wallet, wallet));
    return row?.n ?? 0;
  },

  async insert(db: Queryable, watch: NewWatch): Promise<WatchRow> {
    const [row] = await db.insert(patternWatches).values(watch).returning();
    return row!;
  },

  /** Only the wallet's own: another wallet's id deletes nothing, as an unknown one does. */
  async remove(db: Queryable, wallet: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(patternWatches)
      .where(and(eq(patternWatches.id, id), eq(patternWatches.wallet, wallet)))
      .returning({ id: patternWatches.id });
    return rows.length > 0;
  },

  /** The (position, case, length) classes any watch has: at most 3 × 2 × 12, whatever the number of watches. */
  async classes(db: Queryable): Promise<PatternClass[]> {
    const rows = await db
      .selectDistinct({
        position: patternWatches.position,
        caseSensitive: patternWatches.caseSensitive,
        length: sql<number>`length(${patternWatches.patternKey})::int`,
      })
      .from(patternWatches);
    return rows.map((r) => ({
      position: r.position as PatternPosition,
      caseSensitive: r.caseSensitive,
      length: r.length,
    }));
  },

  /** Watches of one class whose key is among `keys`, through pattern_watches_match_idx. */
  matching(db: Queryable, c: PatternClass, keys: readonly string[]): Promise<WatchRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(patternWatches)
      .where(
        and(
          eq(patternWatches.position, c.position),
          eq(patternWatches.caseSensitive, c.caseSensitive),
          sql`${patternWatches.patternKey} = any(${sql.param([...keys])}::text[])`,
        ),
      );
  },
};
