/**
 * The one set of rarity tier names (docs/market-data.md#one-rarity-and-price-story). The product spec names two
 * scales (cards: ELITE…BASIC; the marketplace table: ELITE, EPIC, RARE, HIGH, PLUS, BASE); showing both made one
 * address ELITE-adjacent "PLUS" in the table and "COMMON" on its card. The card scale is the spec's primary one
 * ("Rarity tier labels"), so it is the only one: address page, cards, table, filter, order quote and the API's
 * `tier` filter all read `tierOf`.
 *
 * Tiers follow the rarity score, which grows with log(1/p), so a harder pattern never has a lower tier.
 */

export const RARITY_TIER_SCALE = [
  { id: 'elite', label: 'ELITE', min: 9 },
  { id: 'rare', label: 'RARE', min: 8 },
  { id: 'uncommon', label: 'UNCOMMON', min: 7 },
  { id: 'notable', label: 'NOTABLE', min: 6 },
  { id: 'common', label: 'COMMON', min: 4 },
  { id: 'basic', label: 'BASIC', min: 0 },
] as const;

export type RarityTierId = (typeof RARITY_TIER_SCALE)[number]['id'];
export type RarityTierLabel = (typeof RARITY_TIER_SCALE)[number]['label'];

export interface RarityTierInfo {
  id: RarityTierId;
  label: RarityTierLabel;
  /** Lowest rarity score in the tier (inclusive). */
  min: number;
  /** The next tier's minimum (exclusive); absent for the top tier. */
  below?: number;
  /** 0 for the lowest tier, counting up: comparable across addresses. */
  rank: number;
}

export const RARITY_TIERS: Readonly<Record<RarityTierId, RarityTierInfo>> = Object.fromEntries(
  RARITY_TIER_SCALE.map((t, i) => [
    t.id,
    {
      id: t.id,
      label: t.label,
      min: t.min,
      ...(i > 0 ? { below: RARITY_TIER_SCALE[i - 1]!.min } : {}),
      rank: RARITY_TIER_SCALE.length - 1 - i,
    },
  ]),
) as Record<RarityTierId, RarityTierInfo>;

/** Highest tier first, as the filter lists them. */
export const RARITY_TIER_IDS = RARITY_TIER_SCALE.map((t) => t.id) as [RarityTierId, ...RarityTierId[]];

/** The tier a rarity score (0–10) falls in; anything not a number counts as 0. */
export function tierOf(score: number): RarityTierInfo {
  const s = Number.isFinite(score) ? score : 0;
  const found = RARITY_TIER_SCALE.find((t) => s >= t.min) ?? RARITY_TIER_SCALE.at(-1)!;
  return RARITY_TIERS[found.id];
}
