import type { MarketStats } from '@shared/api/market';
import { formatSolAmount, parseSolToLamports, LAMPORTS_PER_SOL } from '@shared/money';
import type { Queryable } from '../../db/database';
import { marketStatsRepository } from './market-stats.repository';

/** "Active Users" counts wallets seen in this many days. */
export const ACTIVE_USER_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/**
 * A SOL figure for a stat tile: 2 decimals from 1 SOL up ("1,234.5" reads better than 8 decimals), 4 below,
 * and up to 8 when 4 would round a non-zero amount down to "0" (a shop of 0.00001 SOL listings is not free).
 */
export function formatStatSol(value: string): string {
  const lamports = parseSolToLamports(value);
  if (lamports >= LAMPORTS_PER_SOL) return formatSolAmount(value, 2);
  const four = formatSolAmount(value, 4);
  return four === '0' && lamports > 0n ? formatSolAmount(value, 8) : four;
}

export async function readMarketStats(db: Queryable, now: Date = new Date()): Promise<MarketStats> {
  const raw = await marketStatsRepository.read(db, new Date(now.getTime() - ACTIVE_USER_DAYS * DAY_MS));
  return {
    totalAddresses: raw.totalAddresses,
    totalVolume: formatStatSol(raw.totalVolume),
    activeUsers: raw.activeUsers,
    avgPrice: formatStatSol(raw.avgPrice),
  };
}
