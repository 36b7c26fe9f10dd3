// Public surface of the listings feature (the listing card and its rules), shared by home, marketplace and address.
export { ListingCard } from './components/listing-card';
export { ListingCardSkeleton } from './components/listing-card-skeleton';
export { BuyButton } from './components/buy-button';
export { TierBadge } from './components/tier-badge';
export { useBuy } from './use-buy';
export { useExplorer } from './explorer';
export * from './rules';
