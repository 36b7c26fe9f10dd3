import { and, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES, OPEN_PURCHASE_STATUSES, PURCHASE_STATUSES } from '@shared/domain-values';
import type { ShopPeriod } from '@shared/api/shop';
import type { PurchaseStatus } from '@shared/domain-values';
import type { Queryable } from '../../db/database';
import { customOrders, transactions } from '../../db/schema';
import { ledgerRepository } from '../settlement';

/** The shop's numbers, read fresh from the database: the admin Shop page and GET /metrics both use them. */
export const shopStatsRepository = {
  async purchasesByState(db: Queryable): Promise<Record<PurchaseStatus, number>> {
    const rows = await db
      .select({ status: transactions.status, n: count() })
      .from(transactions)
      .groupBy(transactions.status);
    const byState = Object.fromEntries(PURCHASE_STATUSES.map((s) => [s, 0])) as Record<PurchaseStatus, number>;
    for (const row of rows) byState[row.status as PurchaseStatus] = Number(row.n);
    return byState;
  },

  async openReservations(db: Queryable): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(transactions)
      .where(and(inArray(transactions.status, [...OPEN_PURCHASE_STATUSES]), eq(transactions.reservesListing, true)));
    return Number(row?.n ?? 0);
  },

  async grindQueue(db: Queryable): Promise<{ length: number; rate: number }> {
    const [row] = await db
      .select({
        n: count(),
        rate: sql<
          string | number | null
        >`sum(case when ${customOrders.status} = 'grinding' then ${customOrders.rate} else 0 end)`,
      })
      .from(customOrders)
      .where(inArray(customOrders.status, [...ACTIVE_ORDER_STATUSES]));
    return { length: Number(row?.n ?? 0), rate: Number(row?.rate ?? 0) };
  },

  /** Completed sales since `since` (by completion time) and the refunds settlement landed since then. */
  async period(db: Queryable, since: Date): Promise<ShopPeriod> {
    const [[sales], refunds] = await Promise.all([
      db
        .select({ n: count(), lamports: sum(transactions.priceLamports) })
        .from(transactions)
        .where(and(eq(transactions.status, 'completed'), gte(transactions.completedAt, since))),
      ledgerRepository.refundsLanded(db, since),
    ]);
    return {
      sales: Number(sales?.n ?? 0),
      salesLamports: BigInt(sales?.lamports ?? 0).toString(),
      refunds: refunds.refunds,
      refundedLamports: refunds.lamports.toString(),
    };
  },
};
