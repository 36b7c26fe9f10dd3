import { MARKET_READING_DAYS, type MarketReading, type MarketReadingDay } from '@shared/api/market-reading';
import { lamportsToSolString } from '@shared/money';
import type { PatternClass } from '@shared/pattern-keys';
import type { Queryable } from '../../db/database';
import { patternClassRepository } from './pattern-class.repository';

const DAY_MS = 24 * 3600 * 1000;

/** Midnight (UTC) of the first day of the history window that ends today. */
export function historyStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (MARKET_READING_DAYS - 1) * DAY_MS);
}

/**
 * Every day of the window, oldest first, with its sales or none: a chart then spaces days evenly, and a quiet day
 * reads as quiet rather than vanishing between two busy ones.
 */
export function historyDays(
  now: Date,
  rows: readonly { day: string; medianLamports: bigint; sales: number }[],
): MarketReadingDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const start = historyStart(now).getTime();
  return Array.from({ length: MARKET_READING_DAYS }, (_, i) => {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, median: row ? lamportsToSolString(row.medianLamports) : null, sales: row?.sales ?? 0 };
  });
}

/** The market reading of one class: four independent reads, so run side by side on the same (replica) database. */
export async function readPatternClass(db: Queryable, c: PatternClass, now = new Date()): Promise<MarketReading> {
  const [floor, bestBid, lastSale, daily] = await Promise.all([
    patternClassRepository.floor(db, c),
    patternClassRepository.bestBid(db, c),
    patternClassRepository.lastSale(db, c),
    patternClassRepository.dailySales(db, c, historyStart(now)),
  ]);
  return {
    class: { length: c.length, position: c.position, caseSensitive: c.caseSensitive },
    floor: floor
      ? {
          price: lamportsToSolString(floor.price),
          addressId: floor.addressId,
          address: floor.address,
        }
      : null,
    bestBid: bestBid === null ? null : lamportsToSolString(bestBid),
    lastSale: lastSale ? { price: lamportsToSolString(lastSale.priceLamports), at: lastSale.at.toISOString() } : null,
    history: historyDays(now, daily),
  };
}
