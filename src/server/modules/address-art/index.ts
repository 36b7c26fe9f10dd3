// Public surface of the address picture (link previews here; the Solana Actions icon can reuse it).
export { addressCardSvg, ART_HEIGHT, ART_WIDTH, type AddressArt } from './address-card-svg';
export { renderPng } from './render-png';
