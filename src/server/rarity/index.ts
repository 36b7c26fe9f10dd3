/**
 * The rarity model as the server uses it: everything `@shared/rarity` has, with the English word list registered
 * (loaded on the first word lookup). The browser imports `@shared/rarity`, which has no word list.
 */
import './english-words';

export * from '@shared/rarity';
export { loadEnglishWordIndex } from './english-words';
