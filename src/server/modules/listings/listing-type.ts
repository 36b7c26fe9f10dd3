import { and, eq, lte, sql } from 'drizzle-orm';
import type { PromotionType } from '@shared/domain-values';
import type { Queryable } from '../../db/database';
import { addresses, listingPromotions } from '../../db/schema';
import type { ListingUpdate } from './listings.repository';

/** How long featuring or promoting a listing lasts; afterwards it falls back to standard. */
export const PROMOTION_DAYS = 30;
const WEIGHT: Record<PromotionType, number> = { standard: 0, promoted: 1, premium: 2, featured: 3 };

export interface ListingTypeInput {
  promotionType?: PromotionType | undefined;
  isFeatured?: boolean | undefined;
  isPromoted?: boolean | undefined;
  isPremiumListing?: boolean | undefined;
}

/**
 * The one listing type a request asks for (docs/product-spec.md#listing-status: a type sets exactly one flag and clears
 * the others), or undefined when it says nothing about it. `promotionType` wins; otherwise the first flag set to true;
 * a flag set to false alone means standard.
 */
export function requestedListingType(input: ListingTypeInput): PromotionType | undefined {
  if (input.promotionType) return input.promotionType;
  if (input.isFeatured) return 'featured';
  if (input.isPromoted) return 'promoted';
  if (input.isPremiumListing) return 'premium';
  if (input.isFeatured === false || input.isPromoted === false || input.isPremiumListing === false) return 'standard';
  return undefined;
}

/** The listing columns of a type; `until` is when a non-standard type ends. */
export function listingTypeColumns(type: PromotionType, until: Date | null): ListingUpdate {
  return {
    promotionType: type,
    isFeatured: type === 'featured',
    isPromoted: type === 'promoted',
    isPremiumListing: type === 'premium',
    promotionWeight: WEIGHT[type],
    featuredUntil: type === 'standard' ? null : until,
  };
}

export function promotionEnd(start: Date): Date {
  return new Date(start.getTime() + PROMOTION_DAYS * 24 * 3600 * 1000);
}

/**
 * Records a type change in `listing_promotions`: the listing's active promotions end now, and a non-standard
 * type starts a new one (price 0: admins promote their own listings; paid promotions are another feature).
 */
export async function recordListingType(
  db: Queryable,
  change: { addressId: string; type: PromotionType; start: Date; end: Date; userId: string },
): Promise<void> {
  await db
    .update(listingPromotions)
    .set({ isActive: false })
    .where(and(eq(listingPromotions.addressId, change.addressId), eq(listingPromotions.isActive, true)));
  if (change.type === 'standard') return;
  await db.insert(listingPromotions).values({
    addressId: change.addressId,
    promotionType: change.type,
    duration: PROMOTION_DAYS * 24,
    startTime: change.start,
    endTime: change.end,
    isActive: true,
    purchasedBy: change.userId,
  });
}

/**
 * Job: ends promotions whose time is up and returns their listings to standard. Reads already treat an expired
 * `featuredUntil` as standard, so running this late is harmless; safe to run on several instances at once.
 * Returns how many listings fell back.
 */
export async function expirePromotions(db: Queryable, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(listingPromotions)
      .set({ isActive: false })
      .where(and(eq(listingPromotions.isActive, true), lte(listingPromotions.endTime, now)));
    const rows = await tx
      .update(addresses)
      .set(listingTypeColumns('standard', null))
      .where(and(sql`${addresses.featuredUntil} is not null`, lte(addresses.featuredUntil, now)))
      .returning({ id: addresses.id });
    return rows.length;
  });
}
