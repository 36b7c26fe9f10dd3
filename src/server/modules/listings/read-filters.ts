import { and, asc, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Pagination, SearchListingsQuery, UserListingsQuery } from '@shared/api/listings';
import { addresses } from '../../db/schema';
import { containsPattern, type ListingFilter } from './listings.repository';

const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);

function matching(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  // address uses the trigram index (addresses_address_trgm_idx); pattern is a short column beside it.
  return or(ilike(addresses.address, pattern), ilike(addresses.pattern, pattern));
}

function window(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** GET /api/addresses/search: listed, never deleted, optionally not sold; substring search on address/pattern. */
export function searchFilter(q: SearchListingsQuery): ListingFilter {
  const sortColumn = { createdAt: addresses.createdAt, price: addresses.price, rarityScore: addresses.rarityScore }[
    q.sortBy
  ];
  return {
    where: and(
      eq(addresses.isListed, true),
      ne(addresses.status, 'deleted'),
      q.excludeSold ? ne(addresses.status, 'sold') : undefined,
      matching(q.query),
    ),
    // id breaks ties so pages never overlap or skip rows.
    orderBy: [direction(q.sortOrder)(sortColumn), asc(addresses.id)],
    ...window(q.page, q.pageSize),
  };
}

/** GET /api/addresses/user: the seller's own listings, listed or not, never deleted. */
export function userFilter(sellerId: string, q: UserListingsQuery): ListingFilter {
  const sortColumn = { createdAt: addresses.createdAt, price: addresses.price, patternLength: addresses.patternLength }[
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
    orderBy: [direction(q.sortOrder)(sortColumn), asc(addresses.id)],
    ...window(q.page, q.pageSize),
  };
}

export function pagination(page: number, pageSize: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return { page, pageSize, total, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}
