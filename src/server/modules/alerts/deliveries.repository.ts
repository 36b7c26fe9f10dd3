import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { notifications, webhookDeliveries, webhooks } from '@server/db/schema';

/** A claimed delivery with what sending it needs. `secret` and `hookUrl` are null once the webhook is gone. */
export interface DueDelivery {
  id: bigint;
  url: string;
  attempts: number;
  notification: { id: bigint; kind: string; message: string; data: Record<string, string>; createdAt: Date };
  secret: string | null;
  hookUrl: string | null;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; statusCode: number }
  | { kind: 'retry'; statusCode: number | null; error: string | null; nextAttemptAt: Date }
  | { kind: 'failed'; statusCode: number | null; error: string | null };

/** The delivery worker's queue. The only writer of webhook_deliveries.status besides webhooksRepository.remove. */
export const deliveriesRepository = {
  /**
   * Claims up to `limit` due deliveries by pushing their next attempt to `leaseUntil` (SKIP LOCKED: instances claim
   * apart). A lease rather than a transaction held across the HTTP call: a slow endpoint must not hold a database
   * connection (PGlite has one), and a crash mid-send leaves the row due again once the lease ends.
   */
  async claimDue(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<DueDelivery[]> {
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      // A new delivery's time is the database's now(), to the microsecond; `now` is the app's, to the millisecond.
      // Whichever is later: a delivery written a moment ago is due at once, not after the next millisecond.
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, sql`greatest(${now.toISOString()}::timestamptz, now())`),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(webhookDeliveries.id, due))
      .returning({ id: webhookDeliveries.id });
    if (claimed.length === 0) return [];
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        url: webhookDeliveries.url,
        attempts: webhookDeliveries.attempts,
        notification: {
          id: notifications.id,
          kind: notifications.kind,
          message: notifications.message,
          data: notifications.data,
          createdAt: notifications.createdAt,
        },
        secret: webhooks.secret,
        hookUrl: webhooks.url,
      })
      .from(webhookDeliveries)
      .innerJoin(notifications, eq(notifications.id, webhookDeliveries.notificationId))
      .leftJoin(webhooks, eq(webhooks.wallet, webhookDeliveries.wallet))
      .where(
        inArray(
          webhookDeliveries.id,
          claimed.map((c) => c.id),
        ),
      );
    return rows;
  },

  /** Records one attempt; a row no longer pending (its webhook was removed meanwhile) is left as it is. */
  async record(db: Queryable, id: bigint, outcome: DeliveryOutcome, now: Date): Promise<void> {
    const common = {
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.kind === 'delivered' ? null : outcome.error,
    };
    const set =
      outcome.kind === 'delivered'
        ? { ...common, status: 'delivered' as const, deliveredAt: now }
        : outcome.kind === 'retry'
          ? { ...common, nextAttemptAt: outcome.nextAttemptAt }
          : { ...common, status: 'failed' as const };
    await db
      .update(webhookDeliveries)
      .set(set)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
  },
};
