import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { escrowKeys, transactions } from '@server/db/schema';

/**
 * Which rows each background pass claims (see purchasesRepository.claim). The lease is written into the
 * condition: a row is due when it was never checked or last checked before `now − lease`.
 */
const leaseOver = (now: Date, leaseMs: number) =>
  or(isNull(transactions.lastCheckedAt), lt(transactions.lastCheckedAt, new Date(now.getTime() - leaseMs)));

/** A purchase with an escrow key: purchases from before escrow (and the demo seed's) have nothing to settle. */
const hasEscrow = sql`exists (select 1 from ${escrowKeys} where ${escrowKeys.transactionId} = ${transactions.id})`;

export const due = {
  pending: (now: Date) => and(eq(transactions.status, 'pending'), leaseOver(now, 2_000))!,
  initiated: (now: Date) => and(eq(transactions.status, 'initiated'), leaseOver(now, 4_000))!,
  /**
   * Decided or expired purchases, whose escrow may still receive a payment (docs/domain.md#settlement: however late,
   * it is settled). Checked less often as they age: every tenth of their age since the window ended, between 15
   * seconds and 6 hours.
   */
  closed: (now: Date) =>
    and(
      inArray(transactions.status, ['failed', 'verified', 'completed']),
      hasEscrow,
      or(
        isNull(transactions.lastCheckedAt),
        sql`${transactions.lastCheckedAt} < ${now.toISOString()}::timestamptz - greatest(interval '15 seconds', least(interval '6 hours', (${now.toISOString()}::timestamptz - ${transactions.expiresAt}) / 10))`,
      ),
    )!,
};
