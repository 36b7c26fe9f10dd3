import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { feeConfig, membershipTiers, priceCache } from '@server/db/schema';

/** Reads of the reference tables a purchase is priced from. */
export const referenceDataRepository = {
  async activeFeeConfig(db: Queryable, network: string) {
    const [row] = await db
      .select()
      .from(feeConfig)
      .where(and(eq(feeConfig.network, network), eq(feeConfig.isActive, true)));
    return row;
  },

  async activeTier(db: Queryable, name: string) {
    const [row] = await db
      .select()
      .from(membershipTiers)
      .where(and(eq(membershipTiers.name, name), eq(membershipTiers.isActive, true)));
    return row;
  },

  /** Last cached SOL/USD rate, if the price feed ever filled it. */
  async solUsdRate(db: Queryable): Promise<number | undefined> {
    const [row] = await db.select({ usd: priceCache.usdPrice }).from(priceCache).where(eq(priceCache.currency, 'SOL'));
    const rate = row ? Number(row.usd) : NaN;
    return Number.isFinite(rate) && rate > 0 ? rate : undefined;
  },
};
