// Public surface of the watchlist feature.
export { useWatchlist } from './use-watchlist';
export { StarToggle } from './components/star-toggle';
export { WatchableListingCards } from './components/watchable-listing-cards';
export { MyWatchlist } from './components/my-watchlist';
