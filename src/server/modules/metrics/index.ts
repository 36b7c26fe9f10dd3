export { metricsPlugin } from './metrics.routes';
export { readShopStats } from './shop-stats';
