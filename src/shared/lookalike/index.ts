export { LOOKALIKE_EDGE, findLookalike, lookalikeReason } from './find-lookalike';
export { KNOWN_ADDRESSES, type KnownAddress } from './known-addresses';
