export { watchlistRoutes } from './watchlist.routes';
