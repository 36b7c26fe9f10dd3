/**
 * Server entry of the rarity model: everything in index.ts, with the English word list registered
 * (loaded on the first word lookup). NODE ONLY: the browser imports `@shared/rarity` (index.ts).
 */
import './english-words';

export * from './index';
export { loadEnglishWordIndex } from './english-words';
