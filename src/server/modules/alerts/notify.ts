import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/domain-values';
import type { Queryable } from '@server/db/database';
import { notifications, webhookDeliveries, webhooks } from '@server/db/schema';

export interface NotificationInput {
  wallet: string;
  kind: NotificationKind;
  /** What the bell shows, in words; never a secret. */
  message: string;
  /** Ids the app links to. */
  data?: Record<string, string>;
}

/**
 * Tells wallets something (docs/domain.md#alerts), in the caller's transaction: a fill and its "your bid filled" commit
 * together, so the bell never tells of a sale that rolled back. A wallet with a webhook also gets a pending delivery,
 * in the same statement, so that even without a transaction the bell row and its delivery commit together; the
 * delivery worker (webhook-worker.ts) sends it.
 */
export async function notify(db: Queryable, items: readonly NotificationInput[]): Promise<void> {
  if (items.length === 0) return;
  const rows = sql.join(
    items.map((n) => sql`(${n.wallet}, ${n.kind}, ${n.message}, ${JSON.stringify(n.data ?? {})}::jsonb)`),
    sql`, `,
  );
  await db.execute(sql`
    with inserted as (
      insert into ${notifications} (wallet, kind, message, data) values ${rows} returning id, wallet
    )
    insert into ${webhookDeliveries} (notification_id, wallet, url)
    select inserted.id, inserted.wallet, ${webhooks.url} from inserted
    join ${webhooks} on ${webhooks.wallet} = inserted.wallet`);
}
