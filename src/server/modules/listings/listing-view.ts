import type { Listing, OwnListing } from '@shared/api/listings';
import { PROMOTION_TYPES, type PromotionType } from '@shared/domain-values';
import { FALLBACK_USD_PER_SOL_LISTING, formatUsd } from '@shared/format/usd';
import { lamportsToSolString, usdValue } from '@shared/money';
import type { ListingViewRow } from './page-columns';

/**
 * USD per SOL for listing prices. The fallback (docs/product-spec.md#constants-and-limits: 197) until the live price
 * feed provides one; the listings routes take this as an option so the price cache can be plugged in without touching
 * them.
 */
export type UsdPerSol = () => number | Promise<number>;
export const fallbackUsdPerSol: UsdPerSol = () => FALLBACK_USD_PER_SOL_LISTING;

/** What a listing's view depends on besides its row. Never the caller: every caller gets the same bytes. */
export interface ViewContext {
  usdPerSol: number;
  now?: Date;
}

const KNOWN_PROMOTION_TYPES = new Set<string>(PROMOTION_TYPES);

/**
 * The API shape of a listing. Never carries a key: `encrypted_keys` is not even joined by the reads.
 * A promotion past its `featuredUntil` reads as standard even before `expirePromotions` has run.
 */
export function toListing(row: ListingViewRow, ctx: ViewContext): Listing {
  const now = ctx.now ?? new Date();
  const expired = row.featuredUntil !== null && row.featuredUntil <= now;
  const promotionType = (
    expired || !KNOWN_PROMOTION_TYPES.has(row.promotionType) ? 'standard' : row.promotionType
  ) as PromotionType;
  const usd = row.currency === 'SOL' ? usdValue(row.price, ctx.usdPerSol) : 0;
  return {
    id: row.id,
    address: row.address,
    network: row.network,
    sellerId: row.sellerId,
    sellerWallet: row.sellerWallet,
    price: lamportsToSolString(row.price),
    currency: row.currency,
    rarityScore: Number(row.rarityScore),
    estimatedValue: row.estimatedValue === null ? null : lamportsToSolString(row.estimatedValue),
    category: row.category,
    pattern: row.pattern,
    patternPosition: row.patternPosition,
    patternLength: row.patternLength,
    caseSensitivePattern: row.caseSensitivePattern,
    status: row.status,
    isListed: row.isListed,
    isFeatured: row.isFeatured && !expired,
    isPromoted: row.isPromoted && !expired,
    isPremiumListing: row.isPremiumListing && !expired,
    promotionType,
    featuredUntil: expired || !row.featuredUntil ? null : row.featuredUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
    ...(row.soldAt !== undefined ? { soldAt: row.soldAt ? row.soldAt.toISOString() : null } : {}),
    usdPrice: Math.round(usd * 1e6) / 1e6,
    formattedUsd: formatUsd(usd),
  };
}

/** A listing in its seller's own list: the public view plus why the shop unlisted it, which only they may read. */
export function toOwnListing(row: ListingViewRow, ctx: ViewContext): OwnListing {
  const listing = toListing(row, ctx);
  return !row.isListed && row.unlistedReason ? { ...listing, unlistedReason: row.unlistedReason } : listing;
}
