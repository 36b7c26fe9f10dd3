export { marketRoutes } from './market.routes';
export { ACTIVE_USER_DAYS, formatStatSol, readMarketStats } from './market-stats.service';
export {
  fallbackPrice,
  getLivePrice,
  getUsdPerSol,
  type LivePriceOptions,
  type PriceFeedConfig,
} from './live-price.service';
export { DEFAULT_FEED_TIMEOUT_MS, fetchUsdPerSol, PriceFeedError } from './price-feed';
export {
  getActiveValuationMultiplier,
  MULTIPLIER_MAX,
  MULTIPLIER_MIN,
  RECALIBRATION_INTERVAL_MS,
  recalibrateValuation,
  type RecalibrationResult,
} from './valuation-calibration.service';
export { aggregateMarketTrends, TREND_PERIODS, TREND_RETENTION_DAYS, type TrendPeriod } from './market-trends.service';
export { percentChange } from './percent-change';
export { recalibrateValuationIfDue } from './valuation-calibration.service';
export { marketJobs, TRENDS_INTERVAL_MS, type MarketJob } from './market.jobs';
