import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { webhookDeliveries, webhooks } from '@server/db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A wallet's one webhook. The secret leaves this module only to sign, and once in PUT's answer. */
export const webhooksRepository = {
  async get(db: Queryable, wallet: string): Promise<WebhookRow | undefined> {
    const [row] = await db.select().from(webhooks).where(eq(webhooks.wallet, wallet)).limit(1);
    return row;
  },

  /**
   * Sets or replaces the wallet's webhook with a fresh secret. Deliveries still pending follow it to the new url:
   * they are the wallet's notifications, and the old url is no longer the wallet's endpoint. Call in a transaction.
   */
  async put(tx: Queryable, wallet: string, url: string, secret: string): Promise<void> {
    await tx
      .insert(webhooks)
      .values({ wallet, url, secret })
      .onConflictDoUpdate({ target: webhooks.wallet, set: { url, secret, createdAt: new Date() } });
    await tx
      .update(webhookDeliveries)
      .set({ url })
      .where(and(eq(webhookDeliveries.wallet, wallet), eq(webhookDeliveries.status, 'pending')));
  },

  /** Removes the webhook; its pending deliveries fail (there is nowhere to send them). Call in a transaction. */
  async remove(tx: Queryable, wallet: string): Promise<void> {
    await tx.delete(webhooks).where(eq(webhooks.wallet, wallet));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'webhook removed' })
      .where(and(eq(webhookDeliveries.wallet, wallet), eq(webhookDeliveries.status, 'pending')));
  },

  /** The delivery log, newest first, through webhook_deliveries_wallet_idx. */
  deliveries(db: Queryable, wallet: string, limit: number): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.wallet, wallet))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit);
  },
};
