import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { transactions } from '@server/db/schema';

/**
 * Which rows each background pass claims (see transactionsRepository.claim). The lease is written into the
 * condition: a row is due when it was never checked or last checked before `now − lease`.
 */
const leaseOver = (now: Date, leaseMs: number) =>
  or(isNull(transactions.lastCheckedAt), lt(transactions.lastCheckedAt, new Date(now.getTime() - leaseMs)));

/** How long a late payment is still looked for after its reservation expired. */
export const LATE_PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

export const due = {
  pending: (now: Date) => and(eq(transactions.status, 'pending'), leaseOver(now, 4_000))!,
  initiated: (now: Date) => and(eq(transactions.status, 'initiated'), leaseOver(now, 8_000))!,
  verified: (now: Date) => and(eq(transactions.status, 'verified'), leaseOver(now, 4_000))!,
  /**
   * Expired reservations whose payment may still arrive, or arrived and was attached but not yet decided (the
   * process died in between: deciding sets another reason). Checked less often as they age: every tenth of the
   * time since expiry, between 15 seconds and an hour.
   */
  expired: (now: Date) =>
    and(
      eq(transactions.status, 'failed'),
      eq(transactions.failureKind, 'expired'),
      gt(transactions.expiresAt, new Date(now.getTime() - LATE_PAYMENT_WINDOW_MS)),
      or(
        isNull(transactions.lastCheckedAt),
        sql`${transactions.lastCheckedAt} < ${now.toISOString()}::timestamptz - greatest(interval '15 seconds', least(interval '1 hour', (${now.toISOString()}::timestamptz - ${transactions.expiresAt}) / 10))`,
      ),
    )!,
};
