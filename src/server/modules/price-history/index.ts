export { priceHistoryRoutes } from './price-history.routes';
