import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, algorithmAdjustments, salesAnalytics, transactions } from '../../db/schema';

export type NewAdjustmentRow = typeof algorithmAdjustments.$inferInsert;

export interface CalibrationSale {
  address: string;
  pattern: string | null;
  actualSalePrice: bigint;
  estimatedValue: bigint | null;
}

/** `algorithm_adjustments` and the sales evidence behind it (docs/domain.md#estimated-value). */
export const valuationRepository = {
  async active(db: Queryable, network: string) {
    const [row] = await db
      .select({
        id: algorithmAdjustments.id,
        baseValueMultiplier: algorithmAdjustments.baseValueMultiplier,
        salesDataPeriod: algorithmAdjustments.salesDataPeriod,
        confidenceScore: algorithmAdjustments.confidenceScore,
        nextAdjustment: algorithmAdjustments.nextAdjustment,
      })
      .from(algorithmAdjustments)
      .where(and(eq(algorithmAdjustments.network, network), eq(algorithmAdjustments.isActive, true)))
      .limit(1);
    return row;
  },

  /** Real sales in (since, until]: demo and test purchases (`isTestData`) must not train the model. */
  salesBetween(db: Queryable, network: string, since: Date, until: Date): Promise<CalibrationSale[]> {
    return db
      .select({
        address: addresses.address,
        pattern: addresses.pattern,
        actualSalePrice: salesAnalytics.actualSalePrice,
        estimatedValue: salesAnalytics.estimatedValue,
      })
      .from(salesAnalytics)
      .innerJoin(addresses, eq(addresses.id, salesAnalytics.addressId))
      .innerJoin(transactions, eq(transactions.id, salesAnalytics.transactionId))
      .where(
        and(
          eq(salesAnalytics.network, network),
          gt(salesAnalytics.saleDate, since),
          lte(salesAnalytics.saleDate, until),
          eq(transactions.isTestData, false),
        ),
      );
  },

  /**
   * Replaces the network's active row in one transaction. The current row is locked first, so a second
   * instance running at the same moment waits, then finds no active row to replace and inserts nothing
   * (the partial unique index would refuse a second active row anyway). Returns false when it did nothing.
   */
  async replaceActive(db: Queryable, row: NewAdjustmentRow & { network: string }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const current = await tx
        .select({ id: algorithmAdjustments.id })
        .from(algorithmAdjustments)
        .where(and(eq(algorithmAdjustments.network, row.network), eq(algorithmAdjustments.isActive, true)))
        .for('update');
      for (const { id } of current) {
        await tx.update(algorithmAdjustments).set({ isActive: false }).where(eq(algorithmAdjustments.id, id));
      }
      const inserted = await tx
        .insert(algorithmAdjustments)
        .values({ ...row, isActive: true })
        .onConflictDoNothing()
        .returning({ id: algorithmAdjustments.id });
      return inserted.length > 0;
    });
  },

  /** For tests and the admin view: every row of a network, newest first. */
  history(db: Queryable, network: string) {
    return db
      .select()
      .from(algorithmAdjustments)
      .where(eq(algorithmAdjustments.network, network))
      .orderBy(sql`${algorithmAdjustments.createdAt} desc`, sql`${algorithmAdjustments.isActive} desc`);
  },
};
