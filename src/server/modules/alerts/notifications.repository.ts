import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { notifications } from '@server/db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** The bell's rows. Every query names the wallet: a wallet reads and marks only its own. */
export const notificationsRepository = {
  /** Newest first, through notifications_wallet_created_idx. */
  latest(db: Queryable, wallet: string, limit: number): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.wallet, wallet))
      .orderBy(desc(notifications.id))
      .limit(limit);
  },

  async unreadCount(db: Queryable, wallet: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.wallet, wallet), isNull(notifications.readAt)));
    return row?.n ?? 0;
  },

  /** Marks `ids` (all when undefined) read; ids of another wallet's notifications are ignored. Returns how many. */
  async markRead(db: Queryable, wallet: string, ids: readonly string[] | undefined, now: Date): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.wallet, wallet),
          isNull(notifications.readAt),
          ids === undefined ? undefined : inArray(notifications.id, ids.map(BigInt)),
        ),
      )
      .returning({ id: notifications.id });
    return rows.length;
  },
};
