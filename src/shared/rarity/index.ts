/**
 * The rarity and valuation model (docs/domain.md#rarity-and-value). Browser-safe: nothing here loads the English word
 * list. Server code imports `@shared/rarity/server` instead, which also installs the word list.
 */
export { analyzeAddress } from './analyze-address';
export { NOTABLE_MIN_LOG58 } from './probability';
export { autoPriceLamports } from './auto-price';
export { firstCharProbability } from './first-char-distribution';
export { rarityScoreFromProbability } from './score';
export { estimateValueLamports, GPU_COST_LAMPORTS_PER_HOUR, GRIND_KEYS_PER_SECOND } from './valuation';
export type {
  AnalyzeOptions,
  Category,
  ListingFeatures,
  Network,
  PatternPosition,
  PatternType,
  RarityReport,
} from './types';
