import type { Queryable } from '../../db/database';
import { aggregateMarketTrends } from './market-trends.service';
import { recalibrateValuationIfDue } from './valuation-calibration.service';

/** The shape src/server/jobs' runner takes; declared here so this module does not import the jobs folder. */
export interface MarketJob {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

const HOUR_MS = 3600 * 1000;
export const TRENDS_INTERVAL_MS = HOUR_MS;

/**
 * Periodic market work. Both jobs are safe when every instance runs them: trends skip a run when one was
 * recorded within the last 50 minutes (under an advisory lock), and recalibration runs only when due (daily).
 */
export function marketJobs(db: () => Queryable): MarketJob[] {
  return [
    {
      name: 'market-trends',
      intervalMs: TRENDS_INTERVAL_MS,
      run: () => aggregateMarketTrends(db(), { minIntervalMs: TRENDS_INTERVAL_MS - 10 * 60 * 1000 }),
    },
    {
      name: 'valuation-calibration',
      intervalMs: HOUR_MS,
      run: () => recalibrateValuationIfDue(db()),
    },
  ];
}
