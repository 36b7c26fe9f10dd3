export { metricsPlugin } from './metrics.routes';
