// Public surface of the market-reading feature: a pattern class's floor, best bid, last sale and
// 30 days of sales, on the address page and the marketplace.
export { ListingMarketReading } from './components/listing-market-reading';
export { MarketplaceReading } from './components/marketplace-reading';
