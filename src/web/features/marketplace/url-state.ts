import { isSolanaAddress } from '@shared/keys/base58';
import { PRICE_DECIMALS } from '@shared/money';
import {
  MAX_PATTERN_LENGTH,
  POSITION_VALUES,
  RARITY_TIER_VALUES,
  rangeProblem,
  type RarityTier,
  type SearchPosition,
} from '@shared/api/search-filter-values';
import { CATEGORIES, type Category } from '@shared/domain-values';
import { parseSolInput } from '@shared/sol-input';

/**
 * The marketplace's view as URL search parameters (`/marketplace?q=sol&sort=price&dir=asc&page=2`), so a reload,
 * back/forward or a shared link opens the same view. Every value falls back to its default when it is missing or
 * unreadable (a hand-edited or stale link never shows an error), and defaults are left out of the URL.
 *
 * Read by hand, not with Zod: the page reads it in its first render, and Zod (25 KB gzipped, and its start-up work on
 * a phone) is kept out of the first render (docs/decisions/0014-first-paint.md). The rules are the API's
 * (`searchFilterFields`): whole numbers as `Number()` reads them, prices by `parseSolInput`, a seller by its base58
 * form; url-state.test.ts holds them to the schema they replaced.
 */
export const SORT_FIELDS = ['createdAt', 'price', 'rarityScore'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface MarketplaceView {
  q: string;
  sort: SortField;
  dir: 'asc' | 'desc';
  page: number;
  size: PageSize;
  pos: SearchPosition;
  category?: Category | undefined;
  minLen?: number | undefined;
  maxLen?: number | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  tier?: RarityTier | undefined;
  /** One seller's listings (the address page's "See all from this seller"), by wallet. */
  seller?: string | undefined;
}

/** The parameters, in the order a URL writes them. */
const KEYS = [
  'q',
  'sort',
  'dir',
  'page',
  'size',
  'pos',
  'category',
  'minLen',
  'maxLen',
  'minPrice',
  'maxPrice',
  'tier',
  'seller',
] as const satisfies readonly (keyof MarketplaceView)[];

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value as string) ? (value as T) : undefined;

/** A whole number in [min, max] as `Number()` reads it ('2', ' 2 ', '2e0'), or undefined. */
const wholeNumber = (value: string | undefined, min: number, max: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
};

/** A price bound as typed SOL (0 allowed), normalised to the plain decimal the API compares to, or undefined. */
const priceBound = (value: string | undefined): string | undefined => {
  const text = value?.trim();
  if (text === undefined || text.length > 32) return undefined;
  const read = parseSolInput(text, { maxDecimals: PRICE_DECIMALS, allowZero: true });
  return read.ok ? read.sol : undefined;
};

const seller = (value: string | undefined): string | undefined => {
  const text = value?.trim();
  return text !== undefined && text.length <= 44 && isSolanaAddress(text) ? text : undefined;
};

function parseView(raw: Partial<Record<(typeof KEYS)[number], string>>): MarketplaceView {
  const size = raw.size === undefined ? undefined : Number(raw.size);
  return {
    q: raw.q !== undefined && raw.q.length <= 100 ? raw.q : '',
    sort: oneOf(SORT_FIELDS, raw.sort) ?? 'createdAt',
    dir: oneOf(['asc', 'desc'] as const, raw.dir) ?? 'desc',
    page: wholeNumber(raw.page, 1, 1_000_000) ?? 1,
    size: (PAGE_SIZES as readonly number[]).includes(size as number) ? (size as PageSize) : 20,
    pos: oneOf(POSITION_VALUES, raw.pos) ?? 'anywhere',
    category: oneOf(CATEGORIES, raw.category),
    minLen: wholeNumber(raw.minLen, 1, MAX_PATTERN_LENGTH),
    maxLen: wholeNumber(raw.maxLen, 1, MAX_PATTERN_LENGTH),
    minPrice: priceBound(raw.minPrice),
    maxPrice: priceBound(raw.maxPrice),
    tier: oneOf(RARITY_TIER_VALUES, raw.tier),
    seller: seller(raw.seller),
  };
}

export const DEFAULT_VIEW: MarketplaceView = parseView({});

/** Reads the view from the URL; anything unreadable is its default. */
export function readView(params: URLSearchParams): MarketplaceView {
  const raw: Partial<Record<(typeof KEYS)[number], string>> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const view = parseView(raw);
  // A range whose minimum is above its maximum (the API refuses it) keeps only its minimum.
  if (rangeProblem({ minLength: view.minLen, maxLength: view.maxLen })) view.maxLen = undefined;
  if (rangeProblem({ minPrice: view.minPrice, maxPrice: view.maxPrice })) view.maxPrice = undefined;
  return view;
}

/** The URL parameters of a view: only what differs from the default, in a fixed order. */
export function writeView(view: MarketplaceView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = view[key];
    if (value === undefined || value === DEFAULT_VIEW[key]) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The filters beyond the search box are set (the "Clear filters" button shows). */
export const FILTER_KEYS = ['pos', 'category', 'minLen', 'maxLen', 'minPrice', 'maxPrice', 'tier', 'seller'] as const;
export const hasFilters = (view: MarketplaceView) => FILTER_KEYS.some((k) => view[k] !== DEFAULT_VIEW[k]);
