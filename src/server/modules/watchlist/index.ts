export { watchlistRoutes } from './watchlist.routes';
export { watchlistRepository } from './watchlist.repository';
