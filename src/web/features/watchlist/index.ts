// Public surface of the watchlist feature.
export { useWatchlist } from './use-watchlist';
export { StarToggle } from './components/star-toggle';
export { MyWatchlist } from './components/my-watchlist';
