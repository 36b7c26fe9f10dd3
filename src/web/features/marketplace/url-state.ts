import {
  MAX_PATTERN_LENGTH,
  POSITION_VALUES,
  RARITY_TIER_VALUES,
  rangeProblem,
  searchFilterFields,
} from '@shared/api/search-filters';
import { CATEGORIES } from '@shared/domain-values';
import { z } from 'zod';

/**
 * The marketplace's view as URL search parameters (`/marketplace?q=sol&sort=price&dir=asc&page=2`), so a reload,
 * back/forward or a shared link opens the same view. Every value falls back to its default when it is missing or
 * unreadable (a hand-edited or stale link never shows an error), and defaults are left out of the URL.
 */
export const SORT_FIELDS = ['createdAt', 'price', 'rarityScore'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

const length = z.coerce.number().int().min(1).max(MAX_PATTERN_LENGTH).optional().catch(undefined);
// The API's own price rule (decimal SOL, at most 8 decimals), normalised the same way.
const price = searchFilterFields.minPrice.catch(undefined);

const urlSchema = z.object({
  q: z.string().max(100).catch(''),
  sort: z.enum(SORT_FIELDS).catch('createdAt'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  size: z.coerce
    .number()
    .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(20),
  pos: z.enum(POSITION_VALUES).catch('anywhere'),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  minLen: length,
  maxLen: length,
  minPrice: price,
  maxPrice: price,
  tier: z.enum(RARITY_TIER_VALUES).optional().catch(undefined),
  /** One seller's listings (the address page's "See all from this seller"), by wallet. */
  seller: searchFilterFields.seller.catch(undefined),
});
export type MarketplaceView = z.infer<typeof urlSchema> & { size: PageSize };

export const DEFAULT_VIEW: MarketplaceView = urlSchema.parse({}) as MarketplaceView;

/** Reads the view from the URL; anything unreadable is its default. */
export function readView(params: URLSearchParams): MarketplaceView {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(urlSchema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const view = urlSchema.parse(raw) as MarketplaceView;
  // A range whose minimum is above its maximum (the API refuses it) keeps only its minimum.
  if (rangeProblem({ minLength: view.minLen, maxLength: view.maxLen })) view.maxLen = undefined;
  if (rangeProblem({ minPrice: view.minPrice, maxPrice: view.maxPrice })) view.maxPrice = undefined;
  return view;
}

/** The URL parameters of a view: only what differs from the default, in a fixed order. */
export function writeView(view: MarketplaceView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(urlSchema.shape) as (keyof MarketplaceView)[]) {
    const value = view[key];
    if (value === undefined || value === DEFAULT_VIEW[key]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The filters beyond the search box are set (the "Clear filters" button shows). */
export const FILTER_KEYS = ['pos', 'category', 'minLen', 'maxLen', 'minPrice', 'maxPrice', 'tier', 'seller'] as const;
export const hasFilters = (view: MarketplaceView) => FILTER_KEYS.some((k) => view[k] !== DEFAULT_VIEW[k]);
