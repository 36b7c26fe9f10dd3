import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { addresses, algorithmAdjustments } from '../../db/schema';

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

/** The pattern declared by the address's live listing (not deleted), or null: what the validator values it by. */
export async function listedPatternOf(db: Queryable, address: string): Promise<string | null> {
  const [row] = await db
    .select({ pattern: addresses.pattern })
    .from(addresses)
    .where(and(eq(addresses.address, address.trim()), ne(addresses.status, 'deleted')))
    .limit(1);
  return row?.pattern ?? null;
}
