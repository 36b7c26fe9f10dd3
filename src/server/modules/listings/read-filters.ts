import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Pagination, SearchListingsQuery, UserListingsQuery } from '@shared/api/listings';
import { addresses, marketplaceListing } from '../../db/schema';
import type { ListingFilter } from './listing-page.repository';

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  // Each side has its trigram index (addresses_address_trgm_idx, addresses_pattern_trgm_idx): a BitmapOr.
  return or(ilike(addresses.address, pattern), ilike(addresses.pattern, pattern));
}

function window(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** GET /api/addresses/search: listed, never deleted, optionally not sold; substring search on address/pattern. */
export function searchFilter(q: SearchListingsQuery): ListingFilter {
  const sortBy = { createdAt: addresses.createdAt, price: addresses.price, rarityScore: addresses.rarityScore }[
    q.sortBy
  ];
  return {
    // marketplaceListing is the predicate of the addresses_market_* partial indexes, spelled the same way.
    where: and(
      marketplaceListing(addresses),
      q.excludeSold ? sql`${addresses.status} <> 'sold'` : undefined,
      matching(q.query),
    ),
    sortBy,
    sortOrder: q.sortOrder,
    narrow: Boolean(q.query),
    ...window(q.page, q.pageSize),
  };
}

/** GET /api/addresses/user: the seller's own listings, listed or not, never deleted. */
export function userFilter(sellerId: string, q: UserListingsQuery): ListingFilter {
  const sortBy = { createdAt: addresses.createdAt, price: addresses.price, patternLength: addresses.patternLength }[
    q.sortBy
  ];
  return {
    where: and(
      eq(addresses.sellerId, sellerId),
      ne(addresses.status, 'deleted'),
      q.status !== 'all' ? eq(addresses.status, q.status) : undefined,
      q.category !== 'all' && q.category !== '' ? eq(addresses.category, q.category) : undefined,
      matching(q.search),
    ),
    sortBy,
    sortOrder: q.sortOrder,
    narrow: Boolean(q.search),
    ...window(q.page, q.pageSize),
  };
}

/** `totalExact: false` (a capped count): there are more than `total`, so at least one more page than it fills. */
export function pagination(page: number, pageSize: number, total: number, totalExact = true): Pagination {
  const totalPages = Math.max(1, Math.ceil((totalExact ? total : total + 1) / pageSize));
  return {
    page,
    pageSize,
    total,
    totalExact,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
