import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { priceCache } from '../../db/schema';

export interface CachedRate {
  usd: number;
  lastUpdated: Date;
}

/** `price_cache`: the last rate fetched per currency, shared by every instance. */
export const priceCacheRepository = {
  async get(db: Queryable, currency: string): Promise<CachedRate | undefined> {
    const [row] = await db
      .select({ usd: priceCache.usdPrice, lastUpdated: priceCache.lastUpdated })
      .from(priceCache)
      .where(eq(priceCache.currency, currency));
    if (!row) return undefined;
    const usd = Number(row.usd);
    return Number.isFinite(usd) && usd > 0 ? { usd, lastUpdated: row.lastUpdated } : undefined;
  },

  /** Last writer wins: two instances refreshing at once both store a rate that was current. */
  async put(db: Queryable, currency: string, usd: number, at: Date): Promise<void> {
    const usdPrice = usd.toFixed(8);
    await db
      .insert(priceCache)
      .values({ currency, usdPrice, lastUpdated: at })
      .onConflictDoUpdate({ target: priceCache.currency, set: { usdPrice, lastUpdated: at } });
  },
};
