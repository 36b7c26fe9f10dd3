export { marketRoutes } from './market.routes';
export { formatStatSol, readMarketStats } from './market-stats.service';
export { getLivePrice, getUsdPerSol } from './live-price.service';
export { fetchUsdPerSol, PriceFeedError } from './price-feed';
export { getActiveValuationMultiplier, recalibrateValuation } from './valuation-calibration.service';
export { aggregateMarketTrends } from './market-trends.service';
export { percentChange } from './percent-change';
export { recalibrateValuationIfDue } from './valuation-calibration.service';
export { marketJobs } from './market.jobs';
