import type { PromotionType } from '@shared/domain-values';
import { lamportsToSolString } from '@shared/money';
import { analyzeAddress } from '@server/rarity';
import type { GrindTarget } from './grind';

/**
 * What the demo shop sells. Prefixes start with '2'…'H' because about 1 key in 17 starts with each of those
 * (docs/domain.md#rarity-and-value), so a 2-character prefix costs ~1,000 keys; other first letters would cost ~58,000.
 */
export const DEMO_TARGETS: readonly GrindTarget[] = [
  ...['69', '77', '88', '99', '42', 'Go', 'Hi', 'Aa', 'Bb', 'Cc', 'Dd', 'Ee'].map((pattern) => ({
    pattern,
    position: 'prefix' as const,
  })),
  ...['Vv', '77', '99', '69', 'pi', 'Zz', 'xx', 'oo'].map((pattern) => ({ pattern, position: 'suffix' as const })),
  // ~1 key in 57,000 and 195,000: found on a good day, never waited for.
  ...['777', '420', 'Cat', 'Dog'].map((pattern) => ({ pattern, position: 'prefix' as const, lucky: true })),
  { pattern: 'SOL', position: 'suffix', lucky: true },
];

export const DEMO_NATURAL_KEYS = 10;
/** The grind's share of start-up time. */
export const DEMO_GRIND_MS = 3_500;
/** Featured first (the Home page shows 6), then promoted and premium; the rest standard. */
export const DEMO_TYPE_SLOTS: readonly PromotionType[] = [
  ...Array<PromotionType>(6).fill('featured'),
  ...Array<PromotionType>(3).fill('promoted'),
  ...Array<PromotionType>(3).fill('premium'),
];
/** How many standard listings are shown as already sold (Recent Transactions, volume). */
export const DEMO_SALES = 5;

/**
 * A demo listing's price: the rarity model's suggested price for its pattern, the same a custom order of that pattern
 * is quoted at (docs/market-data.md#one-rarity-and-price-story). The demo shop used to ask 0.05–0.75 SOL for
 * 2-character patterns that the order page grinds for 0.001.
 */
export function demoPrice(address: string, pattern: string | undefined): string {
  return lamportsToSolString(analyzeAddress(address, { network: 'solana', pattern }).suggestedPriceLamports);
}
