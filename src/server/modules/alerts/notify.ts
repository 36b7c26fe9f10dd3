import type { NotificationKind } from '@shared/domain-values';
import type { Queryable } from '@server/db/database';
import { notifications } from '@server/db/schema';

export interface NotificationInput {
  wallet: string;
  kind: NotificationKind;
  /** What the bell shows, in words; never a secret. */
  message: string;
  /** Ids the app links to. */
  data?: Record<string, string>;
}

/**
 * Tells wallets something (issue 28 item 5), in the caller's transaction: a fill and its "your bid filled" commit
 * together, so the bell never tells of a sale that rolled back.
 */
export async function notify(db: Queryable, items: readonly NotificationInput[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(items.map((n) => ({ ...n, data: n.data ?? {} })));
}
