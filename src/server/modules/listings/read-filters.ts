import { and, eq, gte, ilike, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Pagination, SearchListingsQuery, UserListingsQuery } from '@shared/api/listings';
import { RARITY_TIERS, type SearchPosition } from '@shared/api/search-filters';
import { matchesNoAddress, reachesTrigrams } from '@shared/api/search-text';
import { addresses, marketplaceListing, users } from '../../db/schema';
import type { ListingFilter } from './listing-page.repository';

/** The user's own % and _ taken literally in an ILIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${literal(text)}%`;

/**
 * A filter's values, each sent as a parameter named after its clause: the statement's text then depends only on
 * which clauses there are (the filter's `shape`), so it is built and prepared once per shape
 * (`listing-page.repository.ts`), not on every request.
 */
type Values = Record<string, unknown>;
const param = (values: Values, name: string, value: unknown) => {
  values[name] = value;
  return sql.placeholder(name);
};

function matching(values: Values, text: string | undefined, position: SearchPosition = 'anywhere'): SQL | undefined {
  if (!text) return undefined;
  // Starts or ends with: the address itself, anchored, as a range of addresses_market_address_lower_idx (or of
  // addresses_market_address_reversed_idx, the address read backwards). Lowercased on both sides, which is what
  // ILIKE does: an address is ASCII, and text that is not (so matches none) is answered `false` by the caller.
  if (position === 'start')
    return sql`lower(${addresses.address}) like ${param(values, 'startsWith', `${literal(text.toLowerCase())}%`)}`;
  if (position === 'end') {
    const reversed = [...text.toLowerCase()].reverse().join('');
    return sql`reverse(lower(${addresses.address})) like ${param(values, 'endsWith', `${literal(reversed)}%`)}`;
  }
  const pattern = param(values, 'contains', containsPattern(text));
  // Each side has its trigram index (addresses_address_trgm_idx, addresses_pattern_trgm_idx): a BitmapOr.
  return or(ilike(addresses.address, pattern), ilike(addresses.pattern, pattern));
}

/**
 * Issue 20's filters. Each has an index that finds its matches without a scan (category and pattern length their
 * own partial btrees, price and rarity the sort indexes as ranges).
 */
function filtered(values: Values, q: SearchListingsQuery): { where: (SQL | undefined)[]; any: boolean } {
  const tier = q.tier ? RARITY_TIERS[q.tier] : undefined;
  const p = (name: string, value: unknown) => param(values, name, value);
  const where = [
    q.category ? eq(addresses.category, p('category', q.category)) : undefined,
    // A length bound asks for a pattern: listings without one (length 0) never match, not even "at most 3".
    q.minLength !== undefined || q.maxLength !== undefined
      ? gte(addresses.patternLength, p('minLength', q.minLength ?? 1))
      : undefined,
    q.maxLength !== undefined ? lte(addresses.patternLength, p('maxLength', q.maxLength)) : undefined,
    q.minPrice !== undefined ? gte(addresses.price, p('minPrice', q.minPrice)) : undefined,
    q.maxPrice !== undefined ? lte(addresses.price, p('maxPrice', q.maxPrice)) : undefined,
    tier ? gte(addresses.rarityScore, p('tierMin', String(tier.min))) : undefined,
    tier && 'below' in tier ? lt(addresses.rarityScore, p('tierBelow', String(tier.below))) : undefined,
    // A position with no text to place acts on its own (issue 27): listings whose pattern sits there. Read in sort
    // order like the other unindexed filters; most patterns are prefixes or suffixes, so a page fills quickly.
    !q.query && q.position !== 'anywhere'
      ? eq(addresses.patternPosition, p('patternPosition', q.position === 'start' ? 'prefix' : 'suffix'))
      : undefined,
    // One seller: addresses_seller_created_idx finds their listings; an unknown wallet matches nothing.
    q.seller
      ? eq(
          addresses.sellerId,
          sql`(select ${users.id} from ${users} where ${users.walletAddress} = ${p('seller', q.seller)})`,
        )
      : undefined,
  ];
  return { where, any: where.some((w) => w !== undefined) };
}

function window(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * Every field of the query but the sort, the page and the ignored wallet: what the matches depend on, so a total
 * counted for it holds for every sort and page of it (a filter added to the schema is part of it by default).
 */
function totalKeyOf(q: SearchListingsQuery): string {
  const { page: _page, pageSize: _size, sortBy: _sortBy, sortOrder: _order, walletAddress: _wallet, ...filter } = q;
  return `search ${JSON.stringify(filter)}`;
}

/** GET /api/addresses/search: listed, never deleted, optionally not sold; substring search on address/pattern. */
export function searchFilter(q: SearchListingsQuery): ListingFilter {
  const sortBy = { createdAt: addresses.createdAt, price: addresses.price, rarityScore: addresses.rarityScore }[
    q.sortBy
  ];
  const values: Values = {};
  const filters = filtered(values, q);
  // undefined: no search text; true: text too short for the trigram indexes.
  const short = q.query ? !reachesTrigrams(q.query, q.position) : undefined;
  const nothing = Boolean(q.query && matchesNoAddress(q.query) && (q.position !== 'anywhere' || short));
  const text = matching(values, q.query, q.position);
  return {
    // marketplaceListing is the predicate of the addresses_market_* partial indexes, spelled the same way.
    where: and(
      marketplaceListing(addresses),
      q.excludeSold ? sql`${addresses.status} <> 'sold'` : undefined,
      // Text no address can hold whatever its case (a 0, punctuation): an anchored search reads only the address,
      // and a short one anywhere would walk the whole sort index looking for it. Nothing matches; nothing is read.
      nothing ? sql`false` : undefined,
      text,
      ...filters.where,
    ),
    values,
    // Everything the statement's text depends on besides the sort (`pageStatements` adds it): the clauses present.
    shape: `search ${q.excludeSold} ${nothing} ${short} ${Object.keys(values).join(',')}`,
    sortBy,
    sortOrder: q.sortOrder,
    // Only search text the trigram indexes can find is collected in one pass: the other filters' columns have
    // planner statistics, so their pages are read in sort order (or from the filter's index, whichever the planner
    // finds cheaper) like the default page, and counted up to COUNT_CAP from their own index.
    narrow: short === false,
    // Text too short for a trigram (1 character anchored, 2 anywhere) matches 1–5% of random addresses: its page is
    // the sort index walked until 20 match (≈400–2,000 rows), and it is counted only as far as the page buttons
    // need. Counting to COUNT_CAP would walk 20,000–100,000 rows.
    ...(short ? { countCap: 0 } : {}),
    selective: filters.any,
    totalKey: totalKeyOf(q),
    ...window(q.page, q.pageSize),
  };
}

/** GET /api/addresses/user: the seller's own listings, listed or not, never deleted. */
export function userFilter(sellerId: string, q: UserListingsQuery): ListingFilter {
  const sortBy = { createdAt: addresses.createdAt, price: addresses.price, patternLength: addresses.patternLength }[
    q.sortBy
  ];
  const values: Values = {};
  return {
    where: and(
      eq(addresses.sellerId, param(values, 'sellerId', sellerId)),
      ne(addresses.status, 'deleted'),
      q.status !== 'all' ? eq(addresses.status, param(values, 'status', q.status)) : undefined,
      q.category !== 'all' && q.category !== ''
        ? eq(addresses.category, param(values, 'category', q.category))
        : undefined,
      matching(values, q.search),
    ),
    values,
    shape: `user ${Object.keys(values).join(',')}`,
    sortBy,
    sortOrder: q.sortOrder,
    narrow: Boolean(q.search),
    selective: false,
    own: true,
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
