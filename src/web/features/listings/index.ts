// Public surface of the listings feature (the listing card, its rules and the owner's edits), shared by home,
// marketplace, address and profile.
export { ListingCard } from './components/listing-card';
export { ListingAddressLink } from './components/listing-address-link';
export { ListingCardSkeleton } from './components/listing-card-skeleton';
export { BuyButton } from './components/buy-button';
export { useListingAvailability } from './components/listing-availability';
export { DeleteListingDialog } from './components/delete-listing-dialog';
export { useUpdateListing } from './api/update-listing';
export { TierBadge } from './components/tier-badge';
export { useBuy } from './use-buy';
export { useIsOwner } from './use-is-owner';
export * from './rules';
