import type { Listing } from '@shared/api/listings';
import { FALLBACK_USD_PER_SOL_LISTING, formatUsd } from '@shared/format/usd';
import { solStringToNumber } from '@shared/money';
import { tierOf, type RarityTierId, type RarityTierLabel } from '@shared/rarity/tier';

/** Pure display rules of a listing (docs/product-spec.md#listing-card, docs/product-spec.md#constants-and-limits). */

export const NEW_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const HOT_MIN_RARITY = 8.5;

export type TierTone = 'gold' | 'premium' | 'info' | 'money' | 'neutral';
export interface Tier {
  label: RarityTierLabel;
  tone: TierTone;
}

const TIER_TONES: Record<RarityTierId, TierTone> = {
  elite: 'gold',
  rare: 'premium',
  uncommon: 'info',
  notable: 'money',
  common: 'neutral',
  basic: 'neutral',
};

/**
 * A score's tier badge, the same on the address page, cards and the marketplace table (the rarity model's one set of
 * names, src/shared/rarity/tier.ts): ≥9 ELITE, ≥8 RARE, ≥7 UNCOMMON, ≥6 NOTABLE, ≥4 COMMON, else BASIC.
 */
export function tierBadge(score: number): Tier {
  const tier = tierOf(score);
  return { label: tier.label, tone: TIER_TONES[tier.id] };
}

export type CardBadge = 'SOLD' | 'NEW' | 'HOT' | 'AVAILABLE' | 'CHECKOUT' | 'RESERVED';

type BadgeInput = Pick<Listing, 'status' | 'createdAt' | 'rarityScore'> & Partial<Pick<Listing, 'reservedUntil'>>;

/** Still for sale: nobody bought it yet. `pending` is someone's open checkout, which locks nothing. */
const onSale = (status: string) => status === 'available' || status === 'pending';

/**
 * Ground to order and held for its requester (`reservedUntil`): the one reservation that blocks everyone else (the
 * server answers them 403). Reserved reads as reserved everywhere, never as "available" beside a disabled
 * button.
 */
export const isReserved = (listing: Pick<Listing, 'status'> & Partial<Pick<Listing, 'reservedUntil'>>) =>
  onSale(listing.status) && Boolean(listing.reservedUntil);

/**
 * Someone's web checkout is open (status `pending`): a notice, never a lock (docs/domain.md#settlement). Anyone may
 * still buy and pay; the first payment to land gets the key and any other is refunded.
 */
export const isCheckingOut = (listing: Pick<Listing, 'status'>) => listing.status === 'pending';

/** What a listing shows while someone checks out; the listing does not say until when, so neither does this. */
export const CHECKOUT_NOTICE = 'Someone is checking out right now';
/** The CHECKOUT badge's title on cards and rows, beside an enabled Buy. */
export const CHECKOUT_BADGE_TITLE = `${CHECKOUT_NOTICE}; it can still be bought`;

export function cardBadges(listing: BadgeInput, now = Date.now()): CardBadge[] {
  const badges: CardBadge[] = [];
  if (listing.status === 'sold') badges.push('SOLD');
  const age = now - Date.parse(listing.createdAt);
  if (Number.isFinite(age) && age >= 0 && age <= NEW_WINDOW_MS) badges.push('NEW');
  if (listing.rarityScore >= HOT_MIN_RARITY) badges.push('HOT');
  if (isReserved(listing)) badges.push('RESERVED');
  else if (isCheckingOut(listing)) badges.push('CHECKOUT');
  else if (listing.status === 'available') badges.push('AVAILABLE');
  return badges;
}

/**
 * Whether `wallet` (the signed-in one, from the session) sells `listing`. Computed here, not by the server, so
 * that the marketplace's answers are the same bytes for everybody and any cache can serve them (decision 0004).
 */
export const isOwnListing = (listing: Pick<Listing, 'sellerWallet'>, wallet: string | null) =>
  wallet !== null && wallet === listing.sellerWallet;

export type BuyState = { canBuy: true; label: 'Buy' } | { canBuy: false; label: string };

/**
 * Buy while it is for sale and listed, someone else's open checkout included; otherwise the disabled button says
 * why.
 */
export function buyState(
  listing: Pick<Listing, 'status' | 'isListed' | 'reservedUntil'>,
  ownListing = false,
  reservedForYou = false,
): BuyState {
  // A seller cannot buy from themself (the server refuses it too): say whose it is instead of offering Buy.
  if (ownListing) return { canBuy: false, label: 'Your Listing' };
  if (onSale(listing.status) && listing.isListed) {
    // Ground to order: only its requester may buy it until then (the server answers anyone else 403).
    if (listing.reservedUntil && !reservedForYou) return { canBuy: false, label: 'Reserved' };
    return { canBuy: true, label: 'Buy' };
  }
  switch (listing.status) {
    case 'sold':
      return { canBuy: false, label: 'Sold' };
    case 'deleted':
      return { canBuy: false, label: 'Deleted' };
    case 'available':
    case 'pending':
      return { canBuy: false, label: 'Not Listed' };
    default:
      return { canBuy: false, label: 'Unavailable' };
  }
}

/** '1.5 SOL': the amount as the API wrote it, once (docs/domain.md#money). */
export const displayPrice = (listing: Pick<Listing, 'price' | 'currency'>) => `${listing.price} ${listing.currency}`;

/** The server's formattedUsd, else the spec's fallback rate of 197 per unit. */
export function displayUsd(
  listing: Pick<Listing, 'price' | 'formattedUsd'> & { formattedUsd?: string | null },
): string {
  if (listing.formattedUsd) return listing.formattedUsd;
  return formatUsd(solStringToNumber(listing.price) * FALLBACK_USD_PER_SOL_LISTING);
}

/** Category slugs read as words: 'leading-zeros' → 'leading zeros'. */
export const categoryLabel = (category: string) => category.replace(/-/g, ' ');

/** 'custom' is treated as no pattern (docs/product-spec.md#data-shapes, Listing). */
export const patternOf = (pattern: string | null | undefined) =>
  pattern && pattern.toLowerCase() !== 'custom' ? pattern : null;

export const addressPath = (address: string) => `/address/${encodeURIComponent(address)}`;
