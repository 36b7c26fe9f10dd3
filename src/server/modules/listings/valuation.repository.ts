import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { algorithmAdjustments } from '../../db/schema';

/** The active `baseValueMultiplier` of a network (docs/domain.md#estimated-value); 1 when none is calibrated yet. */
export async function activeValueMultiplier(db: Queryable, network: string): Promise<number> {
  const [row] = await db
    .select({ m: algorithmAdjustments.baseValueMultiplier })
    .from(algorithmAdjustments)
    .where(and(eq(algorithmAdjustments.network, network), eq(algorithmAdjustments.isActive, true)))
    .limit(1);
  const m = row ? Number(row.m) : 1;
  return Number.isFinite(m) && m > 0 ? m : 1;
}
