export { systemRoutes, type SystemRoutesOptions } from './system.routes';
export type { ChainHealth } from './health';
