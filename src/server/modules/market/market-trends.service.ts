import type { Queryable } from '../../db/database';
import { marketTrendsRepository, type NewTrendRow } from './market-trends.repository';
import { percentChange } from './percent-change';

/**
 * Market trends (docs/product-spec.md#stored-tables (market_trends)). Each run writes, per period ('24h', '7d') and per
 * category plus one row for the whole market (category NULL):
 *
 * - avg/median/min/max price and activeListings: listings for sale at the time of the run (a snapshot; the
 *   same for both periods);
 * - totalVolume and soldCount: verified or completed sales within the period before the run;
 * - priceChange24h / volumeChange24h: against the newest row of the same period and category written 24–48 h
 *   before this run; priceChange7d: against the newest written 7–8 days before. A change is NULL when there is
 *   no such row (the job was not running then) or the earlier value was zero or unknown.
 *
 * Rows older than TREND_RETENTION_DAYS are deleted by the same run.
 */

export const TREND_PERIODS = { '24h': 24 * 3600 * 1000, '7d': 7 * 24 * 3600 * 1000 } as const;
export type TrendPeriod = keyof typeof TREND_PERIODS;
export const TREND_RETENTION_DAYS = 90;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

const key = (category: string | null) => category ?? '\u0000all';

export interface AggregateTrendsOptions {
  now?: Date;
  /**
   * Skip the run (return 0) when a run was already recorded less than this long ago. The job sets it: every
   * instance runs every job, and this keeps N instances from writing N rows per period.
   */
  minIntervalMs?: number;
}

/** Writes one set of trend rows; returns how many (0 when skipped). Instances running it at once take turns. */
export async function aggregateMarketTrends(db: Queryable, opts: AggregateTrendsOptions = {}): Promise<number> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    await marketTrendsRepository.lockForRun(tx);
    if (opts.minIntervalMs !== undefined) {
      const last = await marketTrendsRepository.lastRunAt(tx, 'solana');
      if (last && now.getTime() - last.getTime() < opts.minIntervalMs) return 0;
    }
    return writeTrends(tx, now);
  });
}

async function writeTrends(db: Queryable, now: Date): Promise<number> {
  const network = 'solana';
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const listings = await marketTrendsRepository.listingAggregates(db, network);
  const listingsBy = new Map(listings.map((l) => [key(l.category), l]));
  const rows: NewTrendRow[] = [];

  for (const [period, span] of Object.entries(TREND_PERIODS) as [TrendPeriod, number][]) {
    const sales = await marketTrendsRepository.salesAggregates(db, network, ago(span), now);
    const salesBy = new Map(sales.map((s) => [key(s.category), s]));
    const day = await marketTrendsRepository.latestBetween(db, network, period, ago(2 * DAY_MS), ago(DAY_MS));
    const week = await marketTrendsRepository.latestBetween(db, network, period, ago(8 * DAY_MS), ago(7 * DAY_MS));
    const dayBy = new Map(day.map((r) => [key(r.category), r]));
    const weekBy = new Map(week.map((r) => [key(r.category), r]));

    // The whole-market row always exists, so a chart has a point for every run even in an empty shop.
    const categories = new Set<string>([key(null), ...listingsBy.keys(), ...salesBy.keys()]);
    for (const k of categories) {
      const l = listingsBy.get(k);
      const s = salesBy.get(k);
      const avgPrice = l?.avgPrice ?? null;
      const totalVolume = s?.totalVolume ?? 0n;
      rows.push({
        network,
        category: k === key(null) ? null : k,
        period,
        avgPrice,
        medianPrice: l?.medianPrice ?? null,
        minPrice: l?.minPrice ?? null,
        maxPrice: l?.maxPrice ?? null,
        activeListings: l?.activeListings ?? 0,
        totalVolume,
        soldCount: s?.soldCount ?? 0,
        priceChange24h: percentChange(avgPrice, dayBy.get(k)?.avgPrice),
        priceChange7d: percentChange(avgPrice, weekBy.get(k)?.avgPrice),
        volumeChange24h: percentChange(totalVolume, dayBy.get(k)?.totalVolume),
        timestamp: now,
      });
    }
  }

  await marketTrendsRepository.insertMany(db, rows);
  await marketTrendsRepository.deleteOlderThan(db, ago(TREND_RETENTION_DAYS * DAY_MS));
  return rows.length;
}
