/**
 * The rarity and valuation model, the one place that answers difficulty, tier and price for any address
 * (docs/market-data.md#one-rarity-and-price-story) (docs/domain.md#rarity-and-value). Browser-safe: nothing here loads the English word
 * list. Server code imports `@server/rarity` instead, which also installs the word list.
 */
export { analyzeAddress } from './analyze-address';
export { createWordIndex, registerWordSource, type WordIndex } from './word-index';
export { NOTABLE_MIN_LOG58 } from './probability';
export { autoPriceLamports } from './auto-price';
export { firstCharProbability } from './first-char-distribution';
export { rarityScoreFromProbability } from './score';
export { grindCostLamports, GPU_COST_LAMPORTS_PER_HOUR, GRIND_KEYS_PER_SECOND } from './valuation';
export {
  estimatedValueLamports,
  MIN_SUGGESTED_PRICE_LAMPORTS,
  PRICE_ANCHORS,
  PRICE_GROWTH_BEYOND_TABLE,
  suggestedPriceLamports,
} from './pricing';
export { RARITY_TIER_IDS, RARITY_TIER_SCALE, RARITY_TIERS, tierOf } from './tier';
export type { RarityTierId, RarityTierInfo, RarityTierLabel } from './tier';
export type {
  AnalyzeOptions,
  Category,
  ListingFeatures,
  Network,
  PatternPosition,
  PatternType,
  RarityReport,
} from './types';
