import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { SESSION_TTL_SECONDS } from '../../http/session-cookie';

export { SESSION_TTL_SECONDS };

/** The sliding expiry (SESSION_TTL_SECONDS) is extended at most once a minute, to spare writes. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 60;

// Time comes from the database clock, so instances with skewed clocks agree on expiry.
const newExpiry = sql`now() + make_interval(secs => ${sql.raw(String(SESSION_TTL_SECONDS))})`;

export interface ActiveSessionRow {
  id: string;
  userId: string;
  walletAddress: string;
  isAdmin: boolean;
  /** Last use is older than the touch interval: extend the expiry now. */
  stale: boolean;
}

export const sessionsRepository = {
  async create(
    db: Queryable,
    row: { tokenHash: string; userId: string; walletAddress: string; ip: string | null; userAgent: string | null },
  ): Promise<void> {
    await db.insert(sessions).values({ ...row, userAgent: row.userAgent?.slice(0, 512) ?? null, expiresAt: newExpiry });
  },

  /** The unexpired session for a token hash, with the user's admin flag read fresh (a revoke acts at once). */
  async findActive(db: Queryable, tokenHash: string): Promise<ActiveSessionRow | undefined> {
    const [row] = await db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        walletAddress: sessions.walletAddress,
        isAdmin: users.isAdmin,
        stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${sql.raw(String(SESSION_TOUCH_INTERVAL_SECONDS))})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)));
    return row;
  },

  /** Extends a session's expiry. Conditional, so instances serving the same session at once write it once. */
  async touch(db: Queryable, id: string): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: newExpiry })
      .where(
        and(
          eq(sessions.id, id),
          lt(
            sessions.lastSeenAt,
            sql`now() - make_interval(secs => ${sql.raw(String(SESSION_TOUCH_INTERVAL_SECONDS))})`,
          ),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length === 1;
  },

  async deleteByTokenHash(db: Queryable, tokenHash: string): Promise<{ walletAddress: string } | undefined> {
    const [row] = await db
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ walletAddress: sessions.walletAddress });
    return row;
  },

  async purgeExpired(db: Queryable): Promise<void> {
    await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  },
};
