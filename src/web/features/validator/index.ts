// Public surface of the validator feature.
export { AddressValidator } from './components/address-validator';
export { RarityFacts } from './components/rarity-facts';
export { rarityQueryOptions, validateAddress } from './api/validate-address';
export { humanCount, humanDuration } from './human-units';
