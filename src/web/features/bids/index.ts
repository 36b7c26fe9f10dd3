// Public surface of the bids feature (pattern bids, offers, watches): what the address page and the profile show.
// Only components: the bids page is a route of its own, lazily loaded by src/web/app/routes.tsx.
export { OfferPanel } from './components/offer-panel';
export { ListingOffers } from './components/listing-offers';
export { MyOffers } from './components/my-offers';
