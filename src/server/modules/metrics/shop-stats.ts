import type { ShopStats } from '@shared/api/shop';
import type { Queryable } from '../../db/database';
import { ledgerRepository } from '../settlement';
import { shopStatsRepository } from './shop-stats.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every number of the Shop page, read at `now`: today starts at 00:00 UTC, the last 30 days end now. */
export async function readShopStats(db: Queryable, rpcErrors: number, now = new Date()): Promise<ShopStats> {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [today, last30Days, purchasesByState, refunds, openReservations, grind] = await Promise.all([
    shopStatsRepository.period(db, midnight),
    shopStatsRepository.period(db, new Date(now.getTime() - 30 * DAY_MS)),
    shopStatsRepository.purchasesByState(db),
    ledgerRepository.refundsLanded(db),
    shopStatsRepository.openReservations(db),
    shopStatsRepository.grindQueue(db),
  ]);
  return {
    generatedAt: now.toISOString(),
    today,
    last30Days,
    purchasesByState,
    refunds: refunds.refunds,
    refundedLamports: refunds.lamports.toString(),
    openReservations,
    grindQueue: grind.length,
    grindRate: grind.rate,
    rpcErrors,
  };
}
